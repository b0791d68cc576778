/**
 * The claims of the sde study: strong order (theorem of Appendix B), Gronwall growth, the
 * strong-order-1/2 contrast, weak orders of SGD and MSGD, and the deterministic limit.
 */
package org.msgdlab.sde.claims;
