package org.msgdlab.deep.graph;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The kernel probe reports what TensorFlow was told: the build's tests run with
 * {@code TF_ENABLE_ONEDNN_OPTS=1} (pom.xml), so oneDNN; with the variable at 0 it would be Eigen.
 */
class KernelsTest {

    @Test
    void theProbeSeesTheKernelsTheEnvironmentAsksFor() {
        String env = System.getenv("TF_ENABLE_ONEDNN_OPTS");
        Kernels k = Kernels.current();
        if ("1".equals(env)) {
            assertEquals(Kernels.ONEDNN, k);
        } else if ("0".equals(env)) {
            assertEquals(Kernels.EIGEN, k);
        } else {
            assertTrue(k == Kernels.ONEDNN || k == Kernels.EIGEN);
        }
        assertEquals(k, Kernels.current(), "decided once per process");
    }

    @Test
    void namesRoundTripAndAnUnknownNameIsRefusedNamingTheRule() {
        for (Kernels k : Kernels.values()) {
            assertEquals(k, Kernels.parse(k.id()));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Kernels.parse("mkl"));
        assertEquals("kernels 'mkl' must be onednn or eigen", e.getMessage());
        assertEquals("TF_ENABLE_ONEDNN_OPTS=0", Kernels.EIGEN.environment());
    }
}
