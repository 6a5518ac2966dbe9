import sys
from tests.rulebook.scoring import score, load_set
from tests.rulebook.lookup_set import QUERIES
old=[{"q":q,"kind":"old","expect":[v or "uncovered"],"profile":"tda"} for q,v in QUERIES.items()]
sets={"tuning":load_set('tests/rulebook/tuning_set.toml'),"old":old,"holdout":load_set('tests/rulebook/holdout_set.toml')}
show = sys.argv[1:] 
for name,qs in sets.items():
    r=score(qs)
    print("==",name, r.summary().splitlines()[0], "|", r.summary().splitlines()[1])
    if name=="holdout": continue
    for o in r.outcomes:
        if "cw" in show and o.confident and not o.right and o.case.kind!='amount': print("  CW", o.line())
        if "miss" in show and not o.confident and not o.right and o.case.kind!='amount': print("  M ", o.line())
        if "amount" in show and not o.right and o.case.kind=='amount': print("  A ", o.line())
