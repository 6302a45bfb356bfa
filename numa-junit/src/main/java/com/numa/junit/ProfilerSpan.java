package com.numa.junit;

import com.numa.profiler.ProfileSpan;
import java.util.List;

/**
 * The one class here that links to the profiler (com.numa.profiler.ProfileSpan, from the agent jar): loaded only once
 * {@link AgentLoader} has found the profiler running, and turning its counts into numa-junit's own rows, so no other
 * class here fails to load in a JVM without the agent.
 */
final class ProfilerSpan {
    private final ProfileSpan span;

    private ProfilerSpan(ProfileSpan span) {
        this.span = span;
    }

    static ProfilerSpan open() {
        return new ProfilerSpan(ProfileSpan.open());
    }

    NumaProfile.Counts read() {
        return convert(span.read());
    }

    NumaProfile.Counts close() {
        return convert(span.close());
    }

    /** The profiler's output directory (-XX:NUMAProfilerOutput), or null. */
    static java.nio.file.Path outputDirectory() {
        return ProfileSpan.outputDirectory().orElse(null);
    }

    private static NumaProfile.Counts convert(ProfileSpan.Result r) {
        List<NumaProfile.ThreadRow> threads = r.threads().stream().map(t -> new NumaProfile.ThreadRow(t.thread(),
                t.role(), t.reads(), t.writes(), t.sharedReads(), t.sharedWrites(), t.allocations())).toList();
        List<NumaProfile.SiteRow> sites = r.sites().stream().map(ProfilerSpan::site).toList();
        List<NumaProfile.SiteRow> siteThreads = r.siteThreads().stream().map(ProfilerSpan::site).toList();
        List<NumaProfile.IssueRow> issues = r.issues().stream().map(ProfilerSpan::issue).toList();
        return new NumaProfile.Counts(r.nanos(), r.diagnosed(), r.sampling(), threads, sites, siteThreads, issues);
    }

    private static NumaProfile.SiteRow site(ProfileSpan.SiteCounts s) {
        return new NumaProfile.SiteRow(s.site(), s.type(), s.array(), s.thread(), s.allocations(), s.reads(), s.writes(),
                s.sharedReads(), s.sharedWrites(), s.writesAfterPublication());
    }

    private static NumaProfile.IssueRow issue(ProfileSpan.IssueRow i) {
        return new NumaProfile.IssueRow(i.rank(), i.kind(), i.score(), i.unit(), i.threshold(), i.site(), i.type(),
                i.fields(), i.threads(), i.advice(), i.evidence());
    }
}
