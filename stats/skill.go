package stats

// SkillSchemaVersion is the version of the Skill's JSON schema
// (docs/skill-schema.md).
const SkillSchemaVersion = 1

// Skill is the skill trace of one configuration: how the Pack fares when
// played by each registered policy tier, every tier playing the same hunts
// (hunt i on the random stream (seed, i)), with paired comparisons of the
// tiers. It is written as skill.json (docs/skill-schema.md). Fields under
// Timing vary between runs; everything else is identical, bit for bit,
// whatever the number of workers.
type Skill struct {
	Schema  int    `json:"schema"`
	Program string `json:"program"`

	Config Config `json:"config"` // pack_ai is empty: every tier played

	Hunts       int64  `json:"hunts"` // hunts played by each tier (the same hunts)
	Seed        uint64 `json:"seed"`
	Interrupted bool   `json:"interrupted"`
	Stopped     string `json:"stopped"` // "hunts", "target_error" or "interrupted"

	Tiers []SkillTier `json:"tiers"` // from the weakest tier up
	Pairs []SkillPair `json:"pairs"` // every pair of tiers, weaker first

	Timing Timing `json:"timing"`
}

// SkillTier is how the Pack fared under one tier.
type SkillTier struct {
	Name              string       `json:"name"`
	Order             int          `json:"order"` // rank from the weakest up
	Doc               string       `json:"doc"`
	PackWinRate       Interval     `json:"pack_win_rate"`      // Wilson interval
	AdversaryDefeated Interval     `json:"adversary_defeated"` // Wilson interval
	PackWounds        Interval     `json:"pack_wounds"`        // mean WNDs taken by the whole Pack per hunt, normal interval
	PackDeaths        Distribution `json:"pack_deaths"`        // Pack models dead per hunt
	Rounds            Distribution `json:"rounds"`
	Outcomes          []Count      `json:"outcomes"`
}

// SkillPair compares two tiers, A the weaker and B the stronger, on the
// same hunts.
type SkillPair struct {
	A        string `json:"a"`
	B        string `json:"b"`
	Adjacent bool   `json:"adjacent"` // B is the next tier up from A

	// Pack wins: both tiers won the hunt, only A, only B, neither.
	Both    int64 `json:"both"`
	OnlyA   int64 `json:"only_a"`
	OnlyB   int64 `json:"only_b"`
	Neither int64 `json:"neither"`

	WinRateDiff Interval `json:"win_rate_diff"` // P(B wins) - P(A wins): PairedDiff
	WoundsDiff  Interval `json:"wounds_diff"`   // mean Pack WNDs taken under B minus under A: PairedMeanDiff
	McNemarP    float64  `json:"mcnemar_p"`     // exact McNemar test of the win counts
	Significant bool     `json:"significant"`   // McNemarP < 0.05
}
