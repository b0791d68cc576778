package org.msgdlab.core.claims;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SeededClaimTest {

    /** A claim whose "fixture" is its seed, reported as its estimate. */
    private static Claim fixtureEcho(long fixtureSeed, List<Long> built) {
        built.add(fixtureSeed);
        return new ClaimWithRef() {
            @Override
            public ClaimRef ref() {
                return new ClaimRef("fixture.echo", "Eq. (1)", "the fixture comes from the run's seed");
            }

            @Override
            public Evidence check(CheckContext context) {
                return Evidence.builder(id(), paperRef(), statement()).verdict(Verdict.PASS, "echo")
                        .parameters(java.util.Map.of("fixture", fixtureSeed)).build();
            }
        };
    }

    @Test
    void theRunsSeedReachesTheFixtureAndTheSameSeedGivesTheSameFixture() {
        List<Long> built = new ArrayList<>();
        SeededClaim claim = SeededClaim.of(seed -> fixtureEcho(seed, built));
        assertEquals("fixture.echo", claim.id());
        Object a = claim.check(Budget.QUICK, 1L).parameters().get("fixture");
        Object b = claim.check(Budget.QUICK, 2L).parameters().get("fixture");
        Object a2 = claim.check(Budget.QUICK, 1L).parameters().get("fixture");
        assertNotEquals(a, b, "--seed 1 and --seed 2 drew the same fixture");
        assertEquals(a, a2);
        assertEquals(SeededClaim.fixtureSeed(CheckContext.of(Budget.QUICK, 1L), "fixture.echo"), a);
        // the fixture seed is not the seed of the claim's own draws
        assertNotEquals(CheckContext.of(Budget.QUICK, 1L).seedFor("fixture.echo"), a);
        assertEquals(List.of(0L,
                SeededClaim.fixtureSeed(CheckContext.of(Budget.QUICK, 1L), "fixture.echo"),
                SeededClaim.fixtureSeed(CheckContext.of(Budget.QUICK, 2L), "fixture.echo"),
                SeededClaim.fixtureSeed(CheckContext.of(Budget.QUICK, 1L), "fixture.echo")), built, "built once at construction, then per check");
    }

    @Test
    void badParametersFailAtConstruction() {
        assertThrows(IllegalArgumentException.class, () -> SeededClaim.of(seed -> {
            throw new IllegalArgumentException("d = 0 must be >= 1");
        }));
    }
}
