package org.msgdlab.app;

import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * picocli's help with a synopsis that names each option once. picocli writes a required option that takes a list as
 * {@code --methods=METHOD[,METHOD...] [--methods=METHOD[,METHOD...]]...} ("once, then any number of times"); for an
 * option whose values are split at commas one mention says it all, so the repetition is left out
 * ({@code msgd sweep plan --help} listed {@code --methods} twice, issue 47). The option still may be given more than
 * once; its values add up. Everything else is picocli's.
 */
final class SynopsisHelp extends CommandLine.Help {

    /** A required option's mention followed by its repetition: "NAME=PARAM [NAME=PARAM]...". */
    private static final Pattern REPEATED = Pattern.compile("(--[\\w-]+=\\S+) \\[\\1]\\.\\.\\.");

    SynopsisHelp(CommandSpec spec, ColorScheme colors) {
        super(spec, colors);
    }

    /** The factory that {@link Msgd} gives every command. */
    static CommandLine.IHelpFactory factory() {
        return SynopsisHelp::new;
    }

    @Override
    protected Ansi.Text createDetailedSynopsisOptionsText(Collection<ArgSpec> done, List<OptionSpec> optionList,
                                                          Comparator<OptionSpec> optionSort, boolean clusterBooleanOptions) {
        Ansi.Text text = super.createDetailedSynopsisOptionsText(done, optionList, optionSort, clusterBooleanOptions);
        boolean split = optionList.stream().anyMatch(o -> o.required() && o.isMultiValue() && !o.splitRegex().isEmpty());
        if (!split) {
            return text;   // nothing to shorten: picocli's text, colours and all
        }
        Matcher m = REPEATED.matcher(text.plainString());
        return m.find() ? colorScheme().ansi().new Text(m.replaceAll("$1"), colorScheme()) : text;
    }
}
