/**
 * The registry of real applications ({@link com.numa.core.apps.Applications}): what each is, which driver runs it and
 * which build module resolves it, and where the build put them ({@link com.numa.core.apps.AppsDirectory}). Only names:
 * {@code numa characterize --suite apps}, bench and the modules {@code apps} and {@code spark} (whose drivers it names)
 * read the one list, and nothing here depends on those modules.
 */
package com.numa.core.apps;
