/**
 * Theorem 1 of the paper (Section 3, Appendix A.2): small-batch SGD versus large-batch MSGD on
 * online least squares. Placeholder: the module is built by its own issue; it will use the
 * sampling vectors of {@code org.msgdlab.theory.noise.Theorem1SamplingVectors}.
 */
package org.msgdlab.onlineregression;
