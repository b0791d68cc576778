package org.msgdlab.deep.model;

import java.util.List;

/**
 * What every network of this module shares: its name, input shape, number of classes and
 * parameter list (fixed at construction, validated by the subclass before it calls this).
 */
abstract class Network implements Model {

    private final String name;
    private final int[] inputShape;
    private final int classes;
    private final List<Parameter> parameters;

    Network(String name, int[] inputShape, int classes, List<Parameter> parameters) {
        this.name = name;
        this.inputShape = inputShape.clone();
        this.classes = classes;
        this.parameters = List.copyOf(parameters);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final int[] inputShape() {
        return inputShape.clone();
    }

    @Override
    public final int classes() {
        return classes;
    }

    @Override
    public final List<Parameter> parameters() {
        return parameters;
    }
}
