package org.msgdlab.sde.claims;

import org.msgdlab.sde.path.Diffusion;
import org.msgdlab.sde.path.WeakErrorRun;
import org.msgdlab.sde.path.WeakSetup;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The reference runs of the weak-error claims, computed once per (setup, diffusion, seed) and
 * shared: SGD with replacement and Gaussian MSGD (MSGD-Cov) have the same covariance, hence the
 * same matched SDE. The seed of a reference does not depend on the claim that asks first, so the
 * numbers do not depend on the order in which claims run.
 */
final class WeakReferences {

    private record Key(WeakSetup setup, Diffusion diffusion, long seed) {
    }

    private final Map<Key, double[][]> cache = new HashMap<>();

    synchronized double[][] get(WeakSetup setup, Diffusion diffusion, long seed) {
        Key k = new Key(setup, diffusion, seed);
        double[][] r = cache.get(k);
        if (r == null) {
            r = WeakErrorRun.reference(setup, diffusion, seed);
            cache.put(k, Objects.requireNonNull(r));
        }
        return r;
    }

    synchronized void clear() {
        cache.clear();
    }
}
