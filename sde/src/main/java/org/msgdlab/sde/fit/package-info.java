/** Fitted convergence orders with Monte Carlo standard errors, and sample moments. */
package org.msgdlab.sde.fit;
