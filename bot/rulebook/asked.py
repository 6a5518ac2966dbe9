"""What players asked, and the rule they meant: word evidence learned from labelled questions.

The lookup's own ranking (search.py) reads a question through the rules' names, keywords and
phrases. Players say the same thing in many more ways than a rule can list, so the questions
of the query sets in tests/rulebook, each labelled with the rules a floor person would answer
it with, are counted here: how often each word, pair of words and word as typed came with each
rule (or with a topic no rule covers). From the counts, a naive Bayes reading gives how likely
each rule is for a new question (`Asked.likely`).

The lookup uses it in two ways only (lookup.Rulebook):
- **to order** the rules it offers when it is unsure: the reading's likelihood added to the
  ranking's own order;
- **to doubt** a sure answer: when the reading is confident of another rule (or of no rule),
  the answer is offered as unsure instead. It never makes an answer sure.

The counts ship as data/asked/counts.json, written by `python -m tests.rulebook.asked --write`
from the sets (a test fails when they drift). Naive Bayes is a few lines of counting; a machine
learning library would add numpy and scipy to a Discord bot for them.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib.resources import files

from bot.rulebook.search import Query
from bot.rulebook.vocabulary import STOPWORDS

# The label of a question no rule covers.
NO_RULE = "uncovered"
# Add-alpha smoothing: small, since most words of a question come with few rules.
ALPHA = 0.05
# The reading doubts a sure answer when it gives another label at least this likelihood.
DOUBT = 0.3
# How much the ranking's own order weighs against the reading when they are merged: the
# ranking's first rule earns this much, its second half of it, and so on.
RANK_WEIGHT = 0.6
# The reading's log-likelihoods are divided by this before they are made shares: naive Bayes
# counts every word as if it were independent evidence, so it is far surer than it should be.
TEMPER = 4.0
# The reading's most likely rules added to those the ranking offers, when they are merged.
READ_TOP = 3


def features(q: Query) -> frozenset[str]:
    """What the reading counts of a question: its normalised words (typos corrected, filler
    dropped), each pair of them in order, and its words as typed."""
    ws = [w for w in q.words if w not in STOPWORDS]
    return frozenset([*ws, *(f"{a}_{b}" for a, b in zip(ws, ws[1:], strict=False)),
                      *(f"r:{w}" for w in q.plain.split())])


@dataclass(frozen=True)
class Asked:
    """Word counts per label (a rule id or NO_RULE), and what they make of a question."""

    counts: Mapping[str, Mapping[str, float]]  # feature -> label -> weight

    @staticmethod
    def count(examples: Iterable[tuple[frozenset[str], tuple[str, ...]]]) -> Asked:
        """Count labelled questions (features, labels); a question with several right labels
        counts a share for each."""
        counts: dict[str, dict[str, float]] = {}
        for feats, labels in examples:
            share = 1.0 / len(labels)
            for f in feats:
                per = counts.setdefault(f, {})
                for label in labels:
                    per[label] = per.get(label, 0.0) + share
        return Asked({f: {k: round(v, 4) for k, v in sorted(per.items())}
                      for f, per in sorted(counts.items())})

    def dumps(self) -> str:
        return json.dumps({"counts": self.counts}, indent=0, sort_keys=True) + "\n"

    @staticmethod
    def loads(text: str) -> Asked:
        return Asked(json.loads(text)["counts"])

    def ready(self) -> Asked:
        """The reading worked out now: a cost of the start, not of the first question."""
        _ = self._model
        return self

    @functools.cached_property
    def _model(self) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
        """Per label, the log weight of a word it never came with; per feature, each label's
        gain over that."""
        totals: dict[str, float] = {}
        for per in self.counts.values():
            for label, n in per.items():
                totals[label] = totals.get(label, 0.0) + n
        size = len(self.counts)
        unseen = {label: math.log(ALPHA / (t + ALPHA * size)) for label, t in totals.items()}
        gains = {f: {label: math.log((n + ALPHA) / (totals[label] + ALPHA * size))
                     - unseen[label] for label, n in per.items()}
                 for f, per in self.counts.items()}
        return unseen, gains

    def likely(self, q: Query) -> dict[str, float]:
        """Every label's likelihood for the question (they sum to 1); empty when no word of it
        was ever counted."""
        unseen, gains = self._model
        known = [f for f in features(q) if f in gains]
        if not known:
            return {}
        logs = {label: base * len(known) for label, base in unseen.items()}
        for f in known:
            for label, gain in gains[f].items():
                logs[label] += gain
        top = max(logs.values())
        exp = {label: math.exp((v - top) / TEMPER) for label, v in logs.items()}
        total = sum(exp.values())
        return {label: v / total for label, v in exp.items()}

    def doubts(self, q: Query, rule_id: str) -> bool:
        """Whether the reading is confident the question means something else than rule_id."""
        likely = self.likely(q)
        if not likely:
            return False
        best = max(likely, key=lambda label: likely[label])
        return best != rule_id and likely[best] >= DOUBT

    def order(self, q: Query, offered: Iterable[str]) -> list[str]:
        """The rule ids offered, with the reading's likeliest rules, best first: the ranking's
        order and the reading's likelihood merged (the ranking's order breaks ties)."""
        offered = list(dict.fromkeys(offered))
        likely = self.likely(q)
        if not likely:
            return offered
        read = [label for label in sorted(likely, key=lambda k: -likely[k])[:READ_TOP]
                if label != NO_RULE]
        ids = list(dict.fromkeys([*offered, *read]))
        place = {rule_id: i for i, rule_id in enumerate(offered)}

        def merged(rule_id: str) -> float:
            prior = RANK_WEIGHT / (1 + place[rule_id]) if rule_id in place else 0.0
            return likely.get(rule_id, 0.0) + prior

        return sorted(ids, key=lambda rule_id: -merged(rule_id))


@functools.lru_cache(maxsize=1)
def load_asked() -> Asked:
    """The shipped counts (data/asked/counts.json)."""
    text = files("bot.data").joinpath("asked").joinpath("counts.json").read_text("utf-8")
    return Asked.loads(text).ready()
