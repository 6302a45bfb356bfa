package com.numa.apps;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;

/**
 * The generated documents both Lucene drivers use: text files on disk (as luindex reads its corpus from files), and the
 * one way to index them, so luindex measures exactly what lusearch sets up.
 */
final class LuceneCorpus {
    static final String BODY = "body";
    static final String PATH = "path";
    private static final int VOCABULARY = 20_000;
    private static final int WORDS_PER_DOCUMENT = 400;

    private final List<Path> files = new ArrayList<>();
    private final GeneratedText text;

    /** Writes {@code documents} text files into {@code dir}. */
    LuceneCorpus(Path dir, int documents) {
        text = new GeneratedText(VOCABULARY, 42);
        try {
            for (int i = 0; i < documents; i++) {
                Path f = dir.resolve(String.format("doc-%05d.txt", i));
                Files.writeString(f, text.words(WORDS_PER_DOCUMENT / 2 + text.nextInt(WORDS_PER_DOCUMENT)),
                        StandardCharsets.UTF_8);
                files.add(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The vocabulary's word generator (for queries over this corpus). */
    GeneratedText text() {
        return text;
    }

    /** Indexes every file into a new index in {@code indexDir}, on the calling thread, and commits. */
    void index(Path indexDir) {
        IndexWriterConfig config = new IndexWriterConfig(new StandardAnalyzer()).setOpenMode(IndexWriterConfig.OpenMode.CREATE);
        try (FSDirectory dir = FSDirectory.open(indexDir); IndexWriter writer = new IndexWriter(dir, config)) {
            for (Path f : files) {
                Document doc = new Document();
                doc.add(new StringField(PATH, f.getFileName().toString(), Field.Store.YES));
                doc.add(new TextField(BODY, Files.readString(f, StandardCharsets.UTF_8), Field.Store.NO));
                writer.addDocument(doc);
            }
            writer.commit();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
