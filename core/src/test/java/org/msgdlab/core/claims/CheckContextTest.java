package org.msgdlab.core.claims;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.random.Streams;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CancellationException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CheckContextTest {

    @Test
    void aNamedStreamIsTheDerivationTheClaimsUsedByHand() {
        CheckContext c = CheckContext.of(Budget.QUICK, 20200712L);
        // the values the claims computed as Streams.derive(seed, id) before they drew through the context
        assertEquals(Streams.derive(20200712L, "prop1.without-replacement.covariance"),
                c.seedFor("prop1.without-replacement.covariance"));
        assertEquals(Streams.create(Streams.derive(20200712L, "a/5x40")).nextLong(), c.stream("a/5x40").nextLong());
        assertNotEquals(c.seedFor("a"), c.seedFor("b"));
        assertNotEquals(c.seedFor("a"), CheckContext.of(Budget.QUICK, 1).seedFor("a"));
    }

    @Test
    void theStreamsDoNotDependOnTheRestOfTheContext() {
        CheckContext plain = CheckContext.of(Budget.QUICK, 7);
        CheckContext dressed = plain.withDataDir(Path.of("data")).withWorkDir(Path.of("work")).withLog(line -> { })
                .with(new CheckContext.Option<>("k", Integer.class, 1), 2);
        assertEquals(plain.seedFor("x"), dressed.seedFor("x"));
    }

    @Test
    void optionsAreTypedWithDefaultsAndCopiedOnWrite() {
        CheckContext.Option<Integer> b = new CheckContext.Option<>("b", Integer.class, 50);
        CheckContext.Option<List<String>> names = CheckContext.Option.listOf("names", String.class);
        CheckContext c = CheckContext.of(Budget.QUICK, 1);
        assertEquals(50, c.option(b));
        assertEquals(List.of(), c.option(names));
        CheckContext d = c.with(b, 10).with(names, List.of("x"));
        assertEquals(10, d.option(b));
        assertEquals(List.of("x"), d.option(names));
        assertEquals(50, c.option(b), "the original is unchanged");
        NullPointerException e = assertThrows(NullPointerException.class, () -> c.with(b, null));
        assertEquals("b", e.getMessage());
    }

    @Test
    void cancellationStopsACheckOnlyOnceAsked() {
        boolean[] asked = {false};
        CheckContext c = CheckContext.of(Budget.QUICK, 1).withCancellation(() -> asked[0]);
        c.stopIfCancelled();
        asked[0] = true;
        assertThrows(CancellationException.class, c::stopIfCancelled);
        assertTrue(CheckContext.of(Budget.QUICK, 1).data().isEmpty());
    }
}
