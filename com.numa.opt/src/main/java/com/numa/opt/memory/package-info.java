/**
 * Page placement for {@code -XX:NUMAOptsMemory=carrefour}: Carrefour's collocation, interleaving and replication rules
 * (Gaud et al.) on the kernel locality source's sampled heap touches. {@link com.numa.opt.memory.CarrefourRules} is the
 * pure decision logic (samples in, a {@link com.numa.opt.memory.Plan} out); {@link
 * com.numa.opt.memory.CarrefourPlacement} is what the Awareness Thread calls: it samples, steps once a second at most
 * and moves pages with mbind on the Java heap only. A Java heap page has one address and one frame, so
 * replication is advice, never done.
 */
package com.numa.opt.memory;
