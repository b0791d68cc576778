/**
 * Algorithms 1 and 2 of the paper on TensorFlow Java. Placeholder: the module is built by its own
 * issue; its sampling noises come from {@code org.msgdlab.theory.noise}.
 */
package org.msgdlab.deep;
