package com.numa.apps;

import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.Workload;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.transform.Templates;
import javax.xml.transform.TransformerException;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;
import org.apache.xalan.processor.TransformerFactoryImpl;

/**
 * xalan: Xalan-J's interpretive processor (named directly, not the JDK's built-in XSLTC) transforms generated XML
 * documents to HTML with one compiled stylesheet, N threads taking documents from a queue, as DaCapo's xalan does.
 * The checksum sums the outputs' hashes, so it does not depend on which thread transformed which document.
 */
public final class XalanDriver implements Workload {
    static final String NAME = "xalan";
    private static final int DOCUMENTS = 40;
    private static final int ITEMS_PER_DOCUMENT = 150;

    private final Scratch scratch = new Scratch(NAME);
    private final WorkerPool workers;
    private final Templates stylesheet;
    private final List<Path> documents = new ArrayList<>();

    XalanDriver(WorkloadArguments arguments) {
        GeneratedText text = new GeneratedText(3_000, 11);
        try {
            for (int d = 0; d < DOCUMENTS * arguments.size().scale(); d++) {
                Path f = scratch.dir().resolve("catalog-" + d + ".xml");
                Files.writeString(f, catalog(text, d), StandardCharsets.UTF_8);
                documents.add(f);
            }
            stylesheet = new TransformerFactoryImpl().newTemplates(new StreamSource(new StringReader(STYLESHEET)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (TransformerException e) {
            throw new IllegalStateException("the stylesheet does not compile: " + e.getMessage(), e);
        }
        workers = new WorkerPool(NAME, arguments.threads());
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, XalanDriver::new);
    }

    @Override
    public long iteration() throws InterruptedException {
        return workers.sumOver(documents.size(), this::transform);
    }

    private long transform(int d) {
        StringWriter out = new StringWriter();
        try {
            stylesheet.newTransformer().transform(new StreamSource(documents.get(d).toFile()), new StreamResult(out));
        } catch (TransformerException e) {
            throw new IllegalStateException(documents.get(d) + ": " + e.getMessage(), e);
        }
        return out.toString().hashCode() & 0xffffffffL;
    }

    private static String catalog(GeneratedText text, int d) {
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\"?>\n<catalog id=\"" + d + "\">\n");
        for (int i = 0; i < ITEMS_PER_DOCUMENT; i++) {
            b.append("  <item sku=\"").append(d * 1000 + i).append("\" category=\"").append(text.vocabularyWord(text.nextInt(12)))
                    .append("\" price=\"").append(text.nextInt(100_000) / 100.0).append("\" stock=\"").append(text.nextInt(500))
                    .append("\">\n    <title>").append(text.words(4)).append("</title>\n    <description>")
                    .append(text.words(30)).append("</description>\n  </item>\n");
        }
        return b.append("</catalog>\n").toString();
    }

    /** Grouping by key (Muenchian), sorting, number formatting, string functions: the work of a real report sheet. */
    private static final String STYLESHEET = """
            <xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
              <xsl:output method="html" indent="yes"/>
              <xsl:key name="by-category" match="item" use="@category"/>
              <xsl:template match="/catalog">
                <html><body>
                  <h1>Catalog <xsl:value-of select="@id"/></h1>
                  <xsl:for-each select="item[generate-id() = generate-id(key('by-category', @category)[1])]">
                    <xsl:sort select="@category"/>
                    <xsl:variable name="group" select="key('by-category', @category)"/>
                    <h2><xsl:value-of select="translate(@category, 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')"/>
                      (<xsl:value-of select="count($group)"/> items, stock value
                      <xsl:value-of select="format-number(sum($group/@price) * 1.2, '#,##0.00')"/>)</h2>
                    <table>
                      <xsl:for-each select="$group">
                        <xsl:sort select="@price" data-type="number" order="descending"/>
                        <tr class="{substring('evenodd', 1 + 4 * (position() mod 2), 4)}">
                          <td><xsl:value-of select="@sku"/></td>
                          <td><xsl:value-of select="normalize-space(title)"/></td>
                          <td><xsl:value-of select="format-number(@price, '0.00')"/></td>
                          <td><xsl:value-of select="string-length(description)"/></td>
                          <td><xsl:value-of select="substring-before(concat(description, ' '), ' ')"/></td>
                        </tr>
                      </xsl:for-each>
                    </table>
                  </xsl:for-each>
                </body></html>
              </xsl:template>
            </xsl:stylesheet>
            """;

    @Override
    public void close() {
        workers.close();
        scratch.close();
    }
}
