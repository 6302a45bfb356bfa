/**
 * {@code numa diff}: two outputs of one program, before and after a fix, compared. {@link
 * com.numa.characterize.diff.OutputReader} reads a characterization, a diagnosis or a profile through the readers of
 * its files; {@link com.numa.characterize.diff.Comparison} (pure) compares two, with {@link
 * com.numa.characterize.diff.IssueMatching}'s rule for which issue is which and {@link
 * com.numa.characterize.diff.NumberChange}'s for what is within noise; {@link com.numa.characterize.diff.DiffText},
 * {@link com.numa.characterize.diff.DiffHtml} and {@link com.numa.characterize.diff.DiffJson} show it.
 */
package com.numa.characterize.diff;
