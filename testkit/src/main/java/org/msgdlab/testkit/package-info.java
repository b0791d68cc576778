/**
 * JUnit 5 assertions on the sampling noises of msgd-lab and on users' own noises
 * ({@link org.msgdlab.theory.noise.SamplingNoise} plug-ins): {@link org.msgdlab.testkit.NoiseAssertions#assertCovariance}
 * and {@link org.msgdlab.testkit.NoiseAssertions#assertMean}, with a stated false-alarm probability
 * and an optional power requirement against a named alternative. The estimators, tolerances and
 * power are the core module's ({@code MonteCarloClaim}); this package only configures them and
 * turns their evidence into assertion failures.
 */
package org.msgdlab.testkit;
