package com.numa.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which links of a page count as broken. */
class RelativeLinksTest {

    @TempDir
    Path dir;

    @Test
    void missingFilesAreBrokenAndEverythingElseIsNot() throws IOException {
        Files.createDirectories(dir.resolve("docs/img"));
        Files.writeString(dir.resolve("docs/flags.md"), "# Flags");
        Files.writeString(dir.resolve("README.md"), "# x");
        Files.writeString(dir.resolve("docs/img/chart.png"), "png");
        Path page = dir.resolve("docs/vm.md");
        String text = String.join("\n",
                "See [flags](flags.md), [the output](flags.md#perfutil-output), [home](../README.md),",
                "![chart](img/chart.png \"a chart\"), [a folder](img/), [above](#synopsis),",
                "[mx](https://github.com/graalvm/mx) and [mail](mailto:x@y.z).",
                "Broken: [errors](errors.md), [gone](../CHANGELOG.md#0-1-0) and ![lost](img/lost.png).",
                "`[not a link](nowhere.md)` in code, and in a block:",
                "```", "[also not](nowhere.md)", "```");
        assertEquals(List.of("errors.md", "../CHANGELOG.md#0-1-0", "img/lost.png"), RelativeLinks.broken(page, text));
    }
}
