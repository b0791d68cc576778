// The user project's build failed (invoker.buildResult = failure); check that it failed for the
// right reason: the honest noise's assertion passed, the lying one failed with the full message.
def log = new File(basedir, 'build.log').text

assert log.contains('Tests run: 2, Failures: 1, Errors: 0, Skipped: 0')

// the plain surefire report lists every test; a passed one has no <<< marker
def passed = log.readLines().find { it =~ /partialShuffleHasTheWithoutReplacementCovariance\b.*Time elapsed/ }
assert passed != null : 'the passing test is not listed in build.log'
assert !passed.contains('<<<') : "the honest noise's assertion did not pass: " + passed

def failed = log.readLines().find { it =~ /hastyBatchHasTheWithoutReplacementCovariance\b.*Time elapsed.*<<< FAILURE!/ }
assert failed != null : 'the lying noise\'s assertion did not fail'

assert log.contains('assertCovariance(hasty SGD-20, n=200) failed: ')
def statLine = log.readLines().find { it.contains('FAILED Var[V]: diagonal mean of E[y_i^2]') }
assert statLine != null
['estimate=', 'reference=', 'SE=', 'tolerance=', 'power='].each { assert statLine.contains(it) : it + ' missing: ' + statLine }
assert log.contains('power against the alternative "with replacement"')
assert !log.contains('assertCovariance(partial-shuffle SGD-20, n=200) failed')
return true
