package com.numa.docs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The relative links of a Markdown page that lead to no file: a manual whose links break sends readers nowhere. */
final class RelativeLinks {

    /** Links and images, [text](target) or [text](target "title"). */
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");

    private RelativeLinks() {}

    /** The targets in {@code text}, the Markdown of {@code page}, that name no existing file or folder. */
    static List<String> broken(Path page, String text) {
        List<String> broken = new ArrayList<>();
        Matcher m = LINK.matcher(withoutCode(text));
        while (m.find()) {
            String target = m.group(1);
            if (target.startsWith("#") || target.matches("^[a-zA-Z][a-zA-Z+.-]*:.*")) {
                continue; // an anchor in the same page, or a URL (https:, mailto:)
            }
            String file = target.replaceFirst("#.*$", "");
            if (!Files.exists(page.getParent().resolve(file).normalize())) {
                broken.add(target);
            }
        }
        return broken;
    }

    /** Fenced code blocks and inline code hold commands, not links. */
    private static String withoutCode(String text) {
        return text.replaceAll("(?s)```.*?```", "").replaceAll("`[^`\n]*`", "");
    }
}
