package com.numa.characterize.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the category map writes each application's name so that no two names overlap: a name goes just above its
 * point unless that spot collides with a name already placed, in which case it moves up (or, at the top of the plot,
 * down) a line at a time. Boxes are estimated in the plot's units from the name's length, so the layout is pure and
 * testable without drawing.
 */
final class MapLabels {
    /** One name's box: centre x, baseline y, half-width and height, in axis units. */
    record Box(String name, double x, double y, double halfWidth, double height) {
        boolean overlaps(Box o) {
            return Math.abs(x - o.x) < halfWidth + o.halfWidth && Math.abs(y - o.y) < (height + o.height) / 2;
        }
    }

    private MapLabels() {
    }

    /**
     * @param xs, ys       the points, in axis units
     * @param names        their names
     * @param xRange       the x axis' span, units
     * @param yMin, yMax   the y axis' bounds, units
     * @param widthPx      the plot's width in pixels
     * @param heightPx     the plot's height in pixels
     */
    static List<Box> place(double[] xs, double[] ys, List<String> names, double xRange, double yMin, double yMax,
            int widthPx, int heightPx) {
        double unitsPerPxX = xRange / widthPx;
        double unitsPerPxY = (yMax - yMin) / heightPx;
        double line = 16 * unitsPerPxY; // one text line with its leading
        List<Box> placed = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            double halfWidth = names.get(i).length() * 3.6 * unitsPerPxX; // ~7.2 px per character of the chart font
            // a name is centred on its point, but kept inside the plot's width
            double x = Math.min(Math.max(xs[i], halfWidth), Math.max(halfWidth, xRange - halfWidth));
            // above the point, or below it where the plot ends
            double step = ys[i] + line > yMax ? -line : line;
            double y = ys[i] + step;
            Box b = new Box(names.get(i), x, y, halfWidth, line);
            for (int tries = 0; tries < names.size() * 2 && collides(b, placed); tries++) {
                y += step;
                if (y > yMax || y < yMin) {
                    step = -step;
                    y = ys[i] + step;
                }
                b = new Box(names.get(i), x, y, halfWidth, line);
            }
            placed.add(b);
        }
        return placed;
    }

    private static boolean collides(Box b, List<Box> placed) {
        return placed.stream().anyMatch(b::overlaps);
    }
}
