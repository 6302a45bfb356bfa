package com.numa.characterize.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.numa.characterize.analysis.KernelShares;
import com.numa.characterize.analysis.Locality;
import com.numa.characterize.analysis.Verdict;
import com.numa.characterize.run.ApplicationResult;
import com.numa.core.classification.Confidence;
import com.numa.core.classification.DataDependency;
import com.numa.core.classification.Evidence;
import com.numa.core.classification.ParallelismCategory;
import com.numa.perfutil.locality.LocalityReport;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** Figure 4's remote shares: which applications and series it draws from the PMU's and the kernel's figures. */
class FiguresTest {
    private static ApplicationResult app(String name, Locality locality) {
        Evidence evidence = new Evidence(10, 8, 90, 4, 4, 0, 100, List.of(), false, 1_000_000, 1, 1, 0, "", Double.NaN, Double.NaN);
        Verdict v = new Verdict(ParallelismCategory.EXPLICITLY_PARALLEL, DataDependency.DATA_PARALLEL, null, Double.NaN,
                Confidence.HIGH, List.of(), evidence, "", "");
        return new ApplicationResult(name, "", null, Map.of(), null, null, locality, Map.of(), v, List.of(), "",
                List.of());
    }

    private static Locality kernel(Map<String, Double> remotePct) {
        Map<String, Long> samples = Map.of("single", 900L, "dual", 1200L, "all", 1500L);
        return Locality.of(null, null, new KernelShares(remotePct, samples, Map.of(), "provenance", ""));
    }

    @Test
    void kernelSharesAreChartedPerConfigurationEveryChartedApplicationHas() throws Exception {
        ApplicationResult walk = app("parallel-walk", kernel(Map.of("single", 0.0, "dual", 35.8, "all", 45.8)));
        ApplicationResult kmeans = app("uneven-kmeans", kernel(Map.of("single", 1.0, "dual", 20.0)));
        ApplicationResult serial = app("serial-walk", Locality.NOT_MEASURED);

        Figures.RemoteShares r = Figures.RemoteShares.of(List.of(walk, kmeans, serial));
        assertEquals(List.of("parallel-walk", "uneven-kmeans"), r.applications(), "an application with no figure is not drawn");
        assertEquals(List.of("page touches, Single Node (kernel)", "page touches, Dual Node (kernel)"),
                List.copyOf(r.series().keySet()), "All Nodes is missing for uneven-kmeans: no series rather than a 0 bar");
        assertEquals(List.of(35.8, 20.0), r.series().get("page touches, Dual Node (kernel)"));
        assertTrue(r.caption().contains(LocalityReport.LABEL), r.caption());
        assertTrue(r.caption().contains("Figure 4"), r.caption());

        BufferedImage png = ImageIO.read(new ByteArrayInputStream(Figures.png(Figures.locality(r))));
        assertEquals(760, png.getWidth());
    }

    @Test
    void pmuRemoteMissesAreTheirOwnSeriesAndNothingMeasuredDrawsNothing() {
        Locality pmu = new Locality(2.0, 1.0, 3.0, 1.5, 42.0, 30.0, KernelShares.NONE);
        Figures.RemoteShares r = Figures.RemoteShares.of(List.of(app("h2", pmu)));
        assertEquals(List.of("LLC read misses, Dual Node (PMU)", "LLC write misses, Dual Node (PMU)"),
                List.copyOf(r.series().keySet()));
        assertEquals(List.of(42.0), r.series().get("LLC read misses, Dual Node (PMU)"));
        assertTrue(r.caption().contains("LLC misses served by a remote node"), r.caption());

        assertTrue(Figures.RemoteShares.of(List.of(app("h2", Locality.NOT_MEASURED))).series().isEmpty());
    }
}
