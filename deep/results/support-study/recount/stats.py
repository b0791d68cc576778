"""The arithmetic of recount.py (the support study's independent recount), standard library only: the Student t
quantile (closed form of the t distribution function for integer degrees of freedom, Abramowitz & Stegun 26.7.3-4,
inverted by bisection), the 10%-trimmed mean with Yuen's bounds in both standard errors of recount.py's A1, the
plain mean's t bounds, the least-squares slope on log10 B, exact (Clopper-Pearson) binomial intervals, and for
PLAN.md amendment 3 (recount.py's A9) the rate at which studies resampled from a world are decided, and the search of
a grid for the smallest size reaching a probability. Nothing here knows the study: its folders, claims, verdicts
and constants are recount.py's.
"""
import functools, math, operator, random

TRIM = 10                                    # percent: g = floor(k * TRIM / 100) = k // 10


# ---------------------------------------------------------------- Student t (standard library)
def t_two_sided_mass(t, nu):
    """A(t | nu) = P(|T| < t) for integer nu >= 1, t >= 0 (Abramowitz & Stegun 26.7.3, 26.7.4)."""
    theta = math.atan(t / math.sqrt(nu))
    s, c = math.sin(theta), math.cos(theta)
    c2 = c * c
    if nu % 2 == 0:                           # sin(th) * [1 + 1/2 c^2 + 1.3/(2.4) c^4 + ... + 1.3...(nu-3)/(2.4...(nu-2)) c^(nu-2)]
        term, total = 1.0, 1.0
        for j in range(1, nu // 2):
            term *= c2 * (2 * j - 1) / (2 * j)
            total += term
        return s * total
    if nu == 1:
        return 2.0 * theta / math.pi
    term, total = c, c                        # (2/pi) {th + sin(th) [c + 2/3 c^3 + ... + 2.4...(nu-3)/(1.3...(nu-2)) c^(nu-2)]}
    for j in range(1, (nu - 1) // 2):
        term *= c2 * (2 * j) / (2 * j + 1)
        total += term
    return 2.0 / math.pi * (theta + s * total)


@functools.lru_cache(maxsize=None)
def t_upper(alpha, nu):
    """The t quantile q with P(T > q) = alpha (0 < alpha < 1/2), nu integer degrees of freedom: bisection in
    theta = atan(q / sqrt(nu)) on (0, pi/2), where A is increasing."""
    if not (0 < alpha < 0.5) or nu < 1 or int(nu) != nu:
        raise ValueError("t_upper(%r, %r)" % (alpha, nu))
    target = 1.0 - 2.0 * alpha
    lo, hi = 0.0, math.pi / 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if t_two_sided_mass(math.sqrt(nu) * math.tan(mid), int(nu)) < target:
            lo = mid
        else:
            hi = mid
    return math.sqrt(nu) * math.tan((lo + hi) / 2)


# ---------------------------------------------------------------- the estimators
SE_FORMS = ("tm", "yuen1974")
SE_FORM = "tm"                                 # recount.py's A1; its --se yuen1974 switches (sets stats.SE_FORM)


def yuen(d, alpha, form=None):
    """10%-trimmed mean of d and its one-sided bounds at alpha (L = tm - q se, U = tm + q se), q the t quantile of
    P(T > q) = alpha with h - 1 degrees of freedom (A1). form "tm" (Tukey-McLaughlin, the plan's sizing):
    se = s_w sqrt(k) / h; form "yuen1974": se^2 = SSD_w / (h (h - 1)) = (k - 1) s_w^2 / (h (h - 1)); default
    SE_FORM. Returns a dict."""
    form = SE_FORM if form is None else form
    k = len(d)
    g = k * TRIM // 100
    h = k - 2 * g
    if h < 2:
        raise ValueError("Yuen's bounds need at least 2 values after trimming (k = %d)" % k)
    x = sorted(d)
    tm = math.fsum(x[g:k - g]) / h
    w = [x[g]] * g + x[g:k - g] + [x[k - g - 1]] * g
    wm = math.fsum(w) / k
    ssd = math.fsum((v - wm) ** 2 for v in w)
    if form == "tm":
        se = math.sqrt(ssd / (k - 1)) * math.sqrt(k) / h
    elif form == "yuen1974":
        se = math.sqrt(ssd / (h * (h - 1)))
    else:
        raise ValueError(form)
    q = t_upper(alpha, h - 1)
    return {"k": k, "g": g, "h": h, "df": h - 1, "tm": tm, "wmean": wm, "ssd": ssd, "se": se, "q": q,
            "lower": tm - q * se, "upper": tm + q * se}


def tbounds(d, alpha):
    """Plain mean of d and its one-sided t bounds at alpha (k - 1 degrees of freedom)."""
    k = len(d)
    m = math.fsum(d) / k
    sd = math.sqrt(math.fsum((v - m) ** 2 for v in d) / (k - 1))
    q = t_upper(alpha, k - 1)
    se = sd / math.sqrt(k)
    return {"mean": m, "sd": sd, "lower": m - q * se, "upper": m + q * se}


def slope_log10(accs_by_b):
    """Least-squares slope of acc on log10 B, points per decade; accs_by_b: [(B, acc)]."""
    xs = [math.log10(b) for b, _ in accs_by_b]
    ys = [a for _, a in accs_by_b]
    mx, my = math.fsum(xs) / len(xs), math.fsum(ys) / len(ys)
    return math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys)) / math.fsum((x - mx) ** 2 for x in xs)


def binom_cdf(n, p, x):
    return math.fsum(math.comb(n, j) * p ** j * (1 - p) ** (n - j) for j in range(0, x + 1))


def _cp_lower(x, n, a):
    """The p where P(Bin(n, p) >= x) = a (x >= 1); that probability, P(Bin(n, 1 - p) <= n - x), grows with p."""
    lo, hi = 0.0, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if binom_cdf(n, 1 - mid, n - x) < a:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def clopper_pearson_exact(x, n, level=0.95):
    """Exact two-sided (Clopper-Pearson) interval of a binomial proportion, x of n, by bisection."""
    a = (1 - level) / 2
    lo = 0.0 if x == 0 else _cp_lower(x, n, a)
    if x == n:
        hi = 1.0
    else:
        l2, h2 = 0.0, 1.0
        for _ in range(100):
            mid = (l2 + h2) / 2
            if binom_cdf(n, mid, x) > a:
                l2 = mid
            else:
                h2 = mid
        hi = (l2 + h2) / 2
    return lo, hi


# ---------------------------------------------------------------- studies resampled from a world (amendment 3)
def resampled_decision_rate(world, m, alpha, decided, nsim, seed, form=None):
    """The share of nsim simulated studies that are decided: each draws m values from `world` with replacement
    (random.Random(seed).choices, one stream for the nsim studies in turn), takes their 10%-trimmed mean and its
    one-sided bounds L, U at alpha exactly as yuen() does (g = floor(0.1 m), h = m - 2g, t quantile with h - 1
    degrees of freedom, standard error `form`, default SE_FORM), and counts decided(L, U) (true: PASS or FAIL).

    Lean on purpose (per study: one choices, one sort, two slices' sums): the winsorized sum of squares is
    S2 - S1^2 / m on values centred at the world's median (the centring changes no bound; it keeps the difference
    of the two sums exact to about 1e-15 relatively); yuen() sums with fsum and the deviations one by one, so a
    bound can differ from yuen()'s in its last bits, which moves a study only if it lies within 1e-13 of an edge.
    selfcheck.py replays this function's studies one by one through yuen() and counts the same decisions."""
    form = SE_FORM if form is None else form
    k = int(m)
    g = k * TRIM // 100
    h = k - 2 * g
    if h < 2 or not nsim >= 1:
        raise ValueError("resampled_decision_rate: m = %d keeps %d values, nsim = %r" % (k, h, nsim))
    q = t_upper(alpha, h - 1)
    if form == "tm":                  # q se = c sqrt(SSD_w): se = sqrt(SSD_w / (k - 1)) sqrt(k) / h
        c = q * math.sqrt(k / (k - 1)) / h
    elif form == "yuen1974":          # se = sqrt(SSD_w / (h (h - 1)))
        c = q / math.sqrt(h * (h - 1))
    else:
        raise ValueError(form)
    centre = sorted(world)[len(world) // 2]
    w = [v - centre for v in world]
    draw = random.Random(seed).choices
    mul, sqrt, top = operator.mul, math.sqrt, k - g
    hits = 0
    for _ in range(nsim):
        x = sorted(draw(w, k=k))
        mid = x[g:top]
        lo, hi = x[g], x[top - 1]
        s = sum(mid)
        s1 = s + g * (lo + hi)
        ssd = sum(map(mul, mid, mid)) + g * (lo * lo + hi * hi) - s1 * s1 / k
        half = c * sqrt(ssd) if ssd > 0 else 0.0
        tm = centre + s / h
        if decided(tm - half, tm + half):
            hits += 1
    return hits / nsim


def smallest_on_grid(prob, target, step, top):
    """The smallest m in step, 2 step, ..., top with prob(m) >= target, or None when prob(top) < target; and the
    values of prob it evaluated, {m: prob(m)}. ASSUMES prob rises with m: it bisects the grid, so a prob that
    falls back below the target after first reaching it is not seen. First prob at the grid's middle; when that
    is short of the target, prob(top) next (a world that never reaches the target costs two evaluations), then
    bisection between the largest m known short and the smallest m known to reach it: at most 2 + ceil(log2(top /
    step / 2)) evaluations (8 for 10, 20, ..., 1000). Whenever the answer m is found and m > step, prob(m - step)
    is among the values evaluated (it is what showed m to be the smallest)."""
    n = top // step
    if n < 1 or n * step != top:
        raise ValueError("smallest_on_grid: top %r is not a positive multiple of step %r" % (top, step))
    seen = {}

    def reaches(i):
        if i * step not in seen:
            seen[i * step] = prob(i * step)
        return seen[i * step] >= target

    lo, hi = 0, n                     # invariant: prob(lo step) < target (lo = 0: no study); the answer is in (lo, hi]
    first = max(1, n // 2)
    if reaches(first):
        hi = first
    else:
        lo = first
        if first == n or not reaches(n):
            return None, seen
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if reaches(mid):
            hi = mid
        else:
            lo = mid
    return hi * step, seen
