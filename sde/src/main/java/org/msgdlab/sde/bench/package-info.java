/** Benchmarks: path-steps per second of the Euler–Maruyama / Gaussian MSGD kernel. */
package org.msgdlab.sde.bench;
