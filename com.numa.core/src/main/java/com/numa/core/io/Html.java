package com.numa.core.io;

import java.util.Base64;
import java.util.Optional;

/** The pieces of the self-contained HTML reports that every command writes the same way. */
public final class Html {
    private Html() {
    }

    /** {@code s} as HTML text or attribute value. */
    public static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /**
     * A chart inlined as a PNG data URI; where it could not be drawn ({@link ChartRendering}), a paragraph that says
     * why instead.
     */
    public static String inlinePng(String alt, Optional<byte[]> png) {
        return png.map(p -> "<img alt=\"" + escape(alt) + "\" src=\"data:image/png;base64,"
                + Base64.getEncoder().encodeToString(p) + "\">")
                .orElse("<p>" + escape(ChartRendering.failure().orElse("figure not drawn")) + "</p>");
    }
}
