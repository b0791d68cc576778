package org.msgdlab.core.claims;

/**
 * A claim that holds its {@link ClaimRef}: its id, paper reference and statement are the reference's.
 */
public interface ClaimWithRef extends Claim {

    /** @return the claim's id, paper reference and statement */
    ClaimRef ref();

    @Override
    default String id() {
        return ref().id();
    }

    @Override
    default String paperRef() {
        return ref().paperRef();
    }

    @Override
    default String statement() {
        return ref().statement();
    }
}
