package org.msgdlab.deep.claims;

import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.Decision;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.deep.model.ConvSmall;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Appendix C.1: ConvSmall has 11,330 parameters. Exact: the count is computed from the model; the
 * check must reject the count of the plausible misreading with 'same' padding (its power check).
 */
public final class ConvSmallParametersClaim implements Claim {

    /** The claim's id. */
    public static final String ID = "deep.convsmall.parameters";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String paperRef() {
        return "Appendix C.1";
    }

    @Override
    public String statement() {
        return "ConvSmall (conv 5x5x10, max-pool, ReLU, conv 5x5x10, max-pool, ReLU, fc 50, ReLU, fc 10) has 11,330 parameters";
    }

    @Override
    public Evidence check(CheckContext context) {
        String id = id();
        String ref = paperRef();
        String st = statement();
        long count = ConvSmall.paper().parameterCount();
        long samePadding = samePaddingCount();
        StatisticCheck s = StatisticCheck.of("number of parameters", count, 0, 11_330, 11_330, 0);
        PowerCheck power = new PowerCheck("'same' padding instead of none (" + samePadding + " parameters)",
                s.name(), samePadding, s.rejects(samePadding), 1.0);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("model", ConvSmall.paper().toString());
        params.put("layers", "conv1 5x5x1x10+10, conv2 5x5x10x10+10, fc1 160x50+50, fc2 50x10+10");
        return Decision.of(ClaimRef.of(this)).parameters(params).statistics(List.of(s)).power(List.of(power))
                .decide();
    }

    /** @return the parameter count with 'same' padding, a plausible misreading of Appendix C.1 */
    static long samePaddingCount() {
        // 28 -> conv(same) 28 -> pool 14 -> conv(same) 14 -> pool 7: fc1 has 7*7*10 inputs
        return (25 * 10 + 10) + (25 * 10 * 10 + 10) + (490 * 50 + 50) + (50 * 10 + 10);
    }
}
