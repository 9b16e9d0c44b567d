package cazadores

import (
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// The fields of an objective, from its schema (schema_pack.go).
var objectiveFields = schemaOf("objective").names()

// objective decodes one entry of objectives.yaml.
func (d *decoder) objective(slug string, n *yaml.Node) *Objective {
	oo := schemaOf("objective")
	m := d.fieldsOf(oo, n, slug)
	o := &Objective{Slug: slug, Per: "hunt", Simulated: true}
	if v, ok := m["name"]; ok {
		o.Name = d.Str(v, at(slug, "name"))
	}
	if v, ok := m["roll"]; ok {
		o.Roll = d.intOf(oo, "roll", v, slug)
	}
	if v, ok := m["simulated"]; ok {
		o.Simulated = d.Bool(v, at(slug, "simulated"))
	}
	if v, ok := m["model"]; ok {
		p := at(slug, "model")
		mo := schemaOf("objective_model")
		mm := d.fieldsOf(mo, v, p)
		om := &ObjModel{BaseMM: 25.4}
		if x, ok := mm["name"]; ok {
			om.Name = d.Str(x, at(p, "name"))
		}
		for _, f := range []struct {
			key string
			dst *int
		}{{"spd", &om.Stats.Spd}, {"prow", &om.Stats.Prow}, {"shrp", &om.Stats.Shrp}, {"wit", &om.Stats.Wit}, {"res", &om.Stats.Res}, {"wnd", &om.Stats.Wnd}} {
			if x, ok := mm[f.key]; ok {
				*f.dst = d.intOf(mo, f.key, x, p)
			}
		}
		if x, ok := mm["base_mm"]; ok {
			om.BaseMM = d.numberOf(mo, "base_mm", x, p)
		}
		o.Model = om
	}
	if v, ok := m["renown"]; ok {
		p := at(slug, "renown")
		ro := schemaOf("objective_renown")
		r := d.fieldsOf(ro, v, p)
		if x, ok := r["success"]; ok {
			o.Success = d.dice(x, at(p, "success"))
		}
		if x, ok := r["failure"]; ok {
			o.Failure = d.dice(x, at(p, "failure"))
		}
		if x, ok := r["per"]; ok {
			o.Per = d.nameOf(ro, "per", x, p)
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
