package org.msgdlab.app;

import org.msgdlab.deep.train.Protocol;
import picocli.CommandLine;

/**
 * {@code --protocol} of {@code msgd train} and {@code msgd study}: parsed once, by {@link Protocol#parse}, where the
 * option is read; a name it refuses is one line naming the option, the value and the names it takes.
 */
final class ProtocolConverter implements CommandLine.ITypeConverter<Protocol> {
    @Override
    public Protocol convert(String s) {
        try {
            return Protocol.parse(s);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--protocol=" + s + " must be " + Protocol.PAPER_TEXT_NAME + " or "
                    + Protocol.AUTHORS_CODE_NAME, e);
        }
    }
}
