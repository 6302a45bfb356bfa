/**
 * {@code --suite validation}: the validation corpus, user-like programs (module {@code validation}, numa-validation.jar)
 * run as plain applications, each with the set of categories the study may answer for it and why
 * ({@link com.numa.characterize.validation.ValidationPrograms}, the one place this ground truth is written).
 */
package com.numa.characterize.validation;
