package cazadores

import (
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

var (
	objectiveFields = []string{"name", "roll", "renown", "simulated", "model"}
	objModelFields  = []string{"name", "spd", "prow", "shrp", "wit", "res", "wnd", "base_mm"}
	renownFields    = []string{"success", "failure", "per"}
)

// objective decodes one entry of objectives.yaml.
func (d *decoder) objective(slug string, n *yaml.Node) *Objective {
	m := d.Fields(n, slug, objectiveFields, "name", "roll", "renown")
	o := &Objective{Slug: slug, Per: "hunt", Simulated: true}
	if v, ok := m["name"]; ok {
		o.Name = d.Str(v, at(slug, "name"))
	}
	if v, ok := m["roll"]; ok {
		o.Roll = d.Int(v, at(slug, "roll"), 1, 10)
	}
	if v, ok := m["simulated"]; ok {
		o.Simulated = d.Bool(v, at(slug, "simulated"))
	}
	if v, ok := m["model"]; ok {
		p := at(slug, "model")
		mm := d.Fields(v, p, objModelFields, "name", "wnd")
		om := &ObjModel{BaseMM: 25.4}
		if x, ok := mm["name"]; ok {
			om.Name = d.Str(x, at(p, "name"))
		}
		for _, f := range []struct {
			key string
			dst *int
			hi  int
		}{{"spd", &om.Stats.Spd, 12}, {"prow", &om.Stats.Prow, 12}, {"shrp", &om.Stats.Shrp, 12}, {"wit", &om.Stats.Wit, 12}, {"res", &om.Stats.Res, 12}, {"wnd", &om.Stats.Wnd, 200}} {
			if x, ok := mm[f.key]; ok {
				*f.dst = d.Int(x, at(p, f.key), 0, f.hi)
			}
		}
		if x, ok := mm["base_mm"]; ok {
			om.BaseMM = d.Number(x, at(p, "base_mm"), 10, 300)
		}
		o.Model = om
	}
	if v, ok := m["renown"]; ok {
		p := at(slug, "renown")
		r := d.Fields(v, p, renownFields, "success", "failure")
		if x, ok := r["success"]; ok {
			o.Success = d.dice(x, at(p, "success"))
		}
		if x, ok := r["failure"]; ok {
			o.Failure = d.dice(x, at(p, "failure"))
		}
		if x, ok := r["per"]; ok {
			o.Per = d.Name(x, at(p, "per"), "renown count", RenownPers)
		}
	}
	return o
}

// dice decodes a roll: "d10+5", "d5", "2".
func (d *decoder) dice(n *yaml.Node, path string) Dice {
	rn := d.Res(n)
	if rn == nil {
		return Dice{}
	}
	s := strings.TrimSpace(rn.Value)
	var out Dice
	rest := s
	if strings.HasPrefix(s, "d") || strings.HasPrefix(s, "1d") {
		s = strings.TrimPrefix(strings.TrimPrefix(s, "1"), "d")
		die, plus, _ := strings.Cut(s, "+")
		v, err := strconv.Atoi(die)
		if err != nil || (v != 5 && v != 10) {
			d.Fail(rn, path, "d10+5", "a roll is d5 or d10, with an optional +N, or a whole number; got %q", rest)
			return Dice{}
		}
		out.Die = v
		if plus != "" {
			p, err := strconv.Atoi(plus)
			if err != nil || p < 0 || p > 50 {
				d.Fail(rn, path, "d10+5", "a roll is d5 or d10, with an optional +N, or a whole number; got %q", rest)
				return Dice{}
			}
			out.Plus = p
		}
		return out
	}
	out.Plus = d.Int(n, path, 0, 50)
	return out
}
