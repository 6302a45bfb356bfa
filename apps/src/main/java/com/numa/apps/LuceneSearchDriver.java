package com.numa.apps;

import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.FSDirectory;

/**
 * lusearch: N threads answer generated queries (terms, AND/OR, phrases, prefixes) over one index built at set-up, as
 * DaCapo's lusearch runs query batches over a shared searcher. The checksum sums total hits and top document numbers,
 * which do not depend on which thread answered which query.
 */
public final class LuceneSearchDriver implements Workload {
    static final String NAME = "lusearch";
    private static final int DOCUMENTS = 300;
    private static final int QUERIES = 300;

    private final Scratch scratch = new Scratch(NAME);
    private final WorkerPool workers;
    private final FSDirectory directory;
    private final DirectoryReader reader;
    private final IndexSearcher searcher;
    private final List<String> queries = new ArrayList<>();

    LuceneSearchDriver(WorkloadArguments arguments) {
        LuceneCorpus corpus = new LuceneCorpus(scratch.fresh("docs"), DOCUMENTS);
        corpus.index(scratch.fresh("index"));
        GeneratedText text = corpus.text();
        for (int i = 0; i < QUERIES * arguments.size().scale(); i++) {
            queries.add(switch (i % 4) {
                case 0 -> text.word();
                case 1 -> text.word() + " AND " + text.word();
                case 2 -> "\"" + text.word() + " " + text.word() + "\"~4";
                default -> text.word() + " OR " + text.word().charAt(0) + text.word().substring(0, 1) + "*";
            });
        }
        try {
            directory = FSDirectory.open(scratch.dir().resolve("index"));
            reader = DirectoryReader.open(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        searcher = new IndexSearcher(reader);
        workers = new WorkerPool(NAME, arguments.threads());
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, LuceneSearchDriver::new);
    }

    @Override
    public long iteration() throws InterruptedException {
        return workers.sumOver(queries.size(), this::answer);
    }

    private long answer(int i) {
        // QueryParser is not thread-safe: one per query, as each of lusearch's threads has its own
        QueryParser parser = new QueryParser(LuceneCorpus.BODY, new StandardAnalyzer());
        try {
            Query q = parser.parse(queries.get(i));
            TopDocs top = searcher.search(q, 10);
            long sum = top.totalHits.value * 31;
            for (ScoreDoc d : top.scoreDocs) {
                sum += d.doc;
            }
            return sum;
        } catch (ParseException | IOException e) {
            throw new IllegalStateException("query '" + queries.get(i) + "': " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        workers.close();
        try {
            reader.close();
            directory.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        scratch.close();
    }
}
