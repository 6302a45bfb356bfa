package com.numa.characterize.suite;

import com.numa.core.classification.DataDependency;
import com.numa.core.classification.ParallelismCategory;

/**
 * The categories a benchmark is known to belong to (Figures 2 and 3 of the ISMM'23 paper).
 *
 * @param parallelism    Single-Threaded, TLP-Bound, Embarrassingly Imbalanced, Imbalanced or Explicitly Parallel
 * @param dataDependency Data Parallel, Read & Write Dependencies or Read-Only Dependencies
 */
public record ExpectedCategories(ParallelismCategory parallelism, DataDependency dataDependency) {
}
