package org.msgdlab.deep.data;

import java.io.IOException;

/** A dataset that is not where it was looked for; the message says where and how to get it. */
public final class DatasetNotFoundException extends IOException {

    private static final long serialVersionUID = 1L;

    /** @param message where the dataset was looked for, and how to get it */
    public DatasetNotFoundException(String message) {
        super(message);
    }
}
