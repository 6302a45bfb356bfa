package com.numa.apps;

import com.numa.core.workload.WorkloadArguments;
import com.numa.core.workload.IterationHarness;
import com.numa.core.workload.Workload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Terms;
import org.apache.lucene.store.FSDirectory;

/**
 * luindex: Lucene indexes the generated text files into a new on-disk index each iteration, from the main thread
 * (luindex is single-threaded in DaCapo; {@code threads} is accepted and unused). The checksum is the index's
 * document count, distinct terms and total term frequency, which do not depend on segment layout or merge timing.
 */
public final class LuceneIndexDriver implements Workload {
    static final String NAME = "luindex";
    private static final int DOCUMENTS = 250;

    private final Scratch scratch = new Scratch(NAME);
    private final LuceneCorpus corpus;

    LuceneIndexDriver(WorkloadArguments arguments) {
        corpus = new LuceneCorpus(scratch.fresh("docs"), DOCUMENTS * arguments.size().scale());
    }

    public static void main(String[] args) throws InterruptedException {
        IterationHarness.main(NAME, args, LuceneIndexDriver::new);
    }

    @Override
    public long iteration() {
        Path index = scratch.fresh("index");
        corpus.index(index);
        try (FSDirectory dir = FSDirectory.open(index); DirectoryReader reader = DirectoryReader.open(dir)) {
            Terms terms = MultiTerms.getTerms(reader, LuceneCorpus.BODY);
            long distinct = 0;
            for (var it = terms.iterator(); it.next() != null; ) {
                distinct++;
            }
            return reader.numDocs() * 1_000_003L + distinct * 7919L + terms.getSumTotalTermFreq();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        scratch.close();
    }
}
