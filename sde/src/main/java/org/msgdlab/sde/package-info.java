/**
 * Appendix B of the paper: strong convergence of Gaussian MSGD to its SDE, weak convergence of
 * SGD. Placeholder: the module is built by its own issue.
 */
package org.msgdlab.sde;
