package com.numa.characterize.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the category map writes each application's name: as close to its point as the other names and points allow,
 * with a leader line from the point where the name could not sit beside it. Several programs often share a spot (the
 * balanced ones without main work all sit near 0,0), so a name tries beside its point first (right, left, above,
 * below), then a line further up or down at a time on either side, never over another name or another point. Boxes are
 * estimated in the plot's units from the name's length, so the layout is pure and testable without drawing.
 */
final class MapLabels {
    /** Pixels of one text line of the chart's annotation font, with its leading. */
    static final double LINE_PX = 16;
    /** Pixels per character of that font, about. */
    static final double CHAR_PX = 7.2;
    /** Pixels between a point's marker and a name beside it. */
    static final double GAP_PX = 9;
    /** Half the side of a point's marker, in pixels, with a little room. */
    static final double MARKER_PX = 7;

    /**
     * One name's box: centre x and y, half-width and height, in axis units; its point; and whether a leader line joins
     * them (the name is not beside its point).
     */
    record Box(String name, double x, double y, double halfWidth, double height, double pointX, double pointY,
            boolean leader) {
        boolean overlaps(Box o) {
            return overlaps(o.x, o.y, o.halfWidth, o.height / 2);
        }

        boolean overlaps(double cx, double cy, double halfW, double halfH) {
            return Math.abs(x - cx) < halfWidth + halfW && Math.abs(y - cy) < height / 2 + halfH;
        }

        /** Where the leader line meets the box: the box's point nearest to the name's point. */
        double[] leaderEnd() {
            return new double[] {Math.max(x - halfWidth, Math.min(pointX, x + halfWidth)),
                Math.max(y - height / 2, Math.min(pointY, y + height / 2))};
        }

        /**
         * Where the leader line leaves the point: the edge of its marker towards the name, so the line does not cross
         * the marker. {@code ux}, {@code uy}: axis units per pixel.
         */
        double[] leaderStart(double ux, double uy) {
            double[] end = leaderEnd();
            double dxPx = (end[0] - pointX) / ux;
            double dyPx = (end[1] - pointY) / uy;
            double length = Math.hypot(dxPx, dyPx);
            if (length <= MARKER_PX) {
                return end;
            }
            return new double[] {pointX + dxPx / length * MARKER_PX * ux, pointY + dyPx / length * MARKER_PX * uy};
        }
    }

    private MapLabels() {
    }

    /**
     * @param xs, ys       the points, in axis units
     * @param names        their names
     * @param xRange       the x axis' span, units (from 0)
     * @param yMin, yMax   the y axis' bounds, units
     * @param widthPx      the plot's width in pixels
     * @param heightPx     the plot's height in pixels
     */
    static List<Box> place(double[] xs, double[] ys, List<String> names, double xRange, double yMin, double yMax,
            int widthPx, int heightPx) {
        double ux = xRange / widthPx;
        double uy = (yMax - yMin) / heightPx;
        double line = LINE_PX * uy;
        List<Box> placed = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            double halfWidth = names.get(i).length() * CHAR_PX / 2 * ux;
            double side = (GAP_PX + MARKER_PX) * ux + halfWidth;
            double px = xs[i];
            double py = ys[i];
            // beside the point: right, left, above, below
            List<double[]> candidates = new ArrayList<>(List.of(new double[] {px + side, py}, new double[] {px - side, py},
                    new double[] {px, py + line}, new double[] {px, py - line}));
            // then a line further up or down at a time, on either side
            for (int k = 1; k <= 2 * names.size() + 2; k++) {
                for (double dy : new double[] {k * line, -k * line}) {
                    candidates.add(new double[] {px + side, py + dy});
                    candidates.add(new double[] {px - side, py + dy});
                }
            }
            Box chosen = null;
            for (int c = 0; c < candidates.size() && chosen == null; c++) {
                Box b = new Box(names.get(i), candidates.get(c)[0], candidates.get(c)[1], halfWidth, line, px, py, c >= 4);
                if (inside(b, xRange, yMin, yMax) && placed.stream().noneMatch(b::overlaps)
                        && noPointUnder(b, xs, ys, MARKER_PX * ux, MARKER_PX * uy)) {
                    chosen = b;
                }
            }
            if (chosen == null) { // a crowd no spot fits: above the point, kept inside the plot
                double x = Math.min(Math.max(px, halfWidth), Math.max(halfWidth, xRange - halfWidth));
                chosen = new Box(names.get(i), x, Math.min(py + line, yMax - line / 2), halfWidth, line, px, py, true);
            }
            placed.add(chosen);
        }
        return placed;
    }

    private static boolean inside(Box b, double xRange, double yMin, double yMax) {
        return b.x() - b.halfWidth() >= 0 && b.x() + b.halfWidth() <= xRange && b.y() - b.height() / 2 >= yMin
                && b.y() + b.height() / 2 <= yMax;
    }

    private static boolean noPointUnder(Box b, double[] xs, double[] ys, double halfW, double halfH) {
        for (int j = 0; j < xs.length; j++) {
            if (b.overlaps(xs[j], ys[j], halfW, halfH)) {
                return false;
            }
        }
        return true;
    }
}
