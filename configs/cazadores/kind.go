package cazadores

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"balance/configs/yamldata"
)

// The fields that tell a data file's kind from its content: the top-level
// keys of the kinds of one entry a file, and the fields of each entry of
// the kinds whose files map slugs to entries.
var (
	rootKindFields = map[string][]string{
		"adversaries": adversaryFields,
		"scenarios":   scenarioFields,
		"rules":       rulesFields,
	}
	entryKindFields = map[string][]string{
		"weapons":    weaponFields,
		"armour":     armourFields,
		"gear":       gearFields,
		"rituals":    ritualFields,
		"companions": companionFields,
		"cazadores":  cazadorFields,
		"packs":      packFields,
		"objectives": objectiveFields,
	}
)

// FileKind tells what the data file at path p holds: its kind (one of
// "rules", "weapons", "armour", "gear", "rituals", "companions",
// "cazadores", "packs", "objectives", "adversaries" or "scenarios") and,
// for an Adversary or a scenario, its slug (the base name without .yaml).
// The parent directory tells first (adversaries/ or scenarios/; a relative
// path is resolved against the working directory), then the base name
// (weapons.yaml, ...), then the content: the top-level keys of an Adversary
// file, a scenario or rules.yaml, or the fields of the entries of a file of
// the other kinds. ValidateFiles checks each file as the kind it returns.
// The file is read as LoadContext reads data files.
func FileKind(p string) (kind, slug string, err error) {
	b, err := readDataFile(p)
	if err != nil {
		return "", "", err
	}
	kind, slug, err = kindOfFile(p, b)
	if err != nil {
		return "", "", asFileError(p, err)
	}
	return kind, slug, nil
}

// asFileError is err as an *Error of file p: itself when it is one (a
// syntax error at its line), else at the file's first line.
func asFileError(p string, err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return fileError(p, err.Error(), "")
}

// kindOfFile tells the kind of the file at path p, of content b, as
// FileKind does.
func kindOfFile(p string, b []byte) (kind, slug string, err error) {
	given := p
	abs, aerr := filepath.Abs(p)
	if aerr == nil {
		p = abs
	}
	kind, slug, err = kindOf(p)
	if err != nil || kind != "" {
		return kind, slug, err
	}
	base := filepath.Base(p)
	kind, maybe := contentKind(b)
	switch {
	case kind == "":
		// Content that is not YAML tells nothing: its syntax error is
		// the problem, at its own line.
		if _, perr := parseYAML(given, b); perr != nil {
			return "", "", perr
		}
		return "", "", untold(base, maybe)
	case slices.Contains(dirKinds, kind):
		name := strings.TrimSuffix(base, ".yaml")
		if !slugRE.MatchString(name) {
			return "", "", fmt.Errorf("the file name %q is not a slug (%s)", name, yamldata.SlugRule)
		}
		return kind, name, nil
	}
	return kind, "", nil
}

// untold is the error of a file whose kind neither its path nor its content
// tells; maybe are the kinds its content fits equally well.
func untold(base string, maybe []string) error {
	msg := fmt.Sprintf("cannot tell what %q holds: expected %s.yaml, a file under adversaries/ or scenarios/, "+
		"or content that shows its kind (an Adversary file's top-level keys are name, stats, hit_locations, actions and special; "+
		"a scenario's are name, size and exits; rules.yaml's are rulings such as round_cap; "+
		"the other kinds map slugs to entries, such as a weapon with name, kind, rng, hands and renown)",
		base, strings.Join(fileKinds, ".yaml, "))
	if len(maybe) > 1 {
		msg += fmt.Sprintf("; its content fits %s and %s equally well", strings.Join(maybe[:len(maybe)-1], ", "), maybe[len(maybe)-1])
	}
	return fmt.Errorf("%s", msg)
}

// contentKind tells a data file's kind from its content, or returns "" and
// the kinds it fits equally well. Each kind scores one for every key among
// its fields and loses one for every other key, "name" aside (every kind
// has one): the top-level keys for the kinds of one entry a file, the keys
// of every entry for the others (whose top-level values must all be
// mappings). The kind with the best positive score wins, when it is alone.
func contentKind(b []byte) (kind string, maybe []string) {
	doc, err := parseYAML("", b)
	if err != nil || doc == nil || len(doc.Content) == 0 {
		return "", nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return "", nil
	}
	score := map[string]int{}
	matched := map[string]bool{}
	tally := func(kind string, m *yaml.Node, fields []string) {
		for i := 0; i+1 < len(m.Content); i += 2 {
			switch k := m.Content[i].Value; {
			case k == "name":
			case slices.Contains(fields, k):
				score[kind]++
				matched[kind] = true
			default:
				score[kind]--
			}
		}
	}
	for kind, fields := range rootKindFields {
		tally(kind, root, fields)
	}
	entries := len(root.Content) > 0
	for i := 1; i < len(root.Content); i += 2 {
		if root.Content[i].Kind != yaml.MappingNode {
			entries = false
		}
	}
	if entries {
		for i := 1; i < len(root.Content); i += 2 {
			for kind, fields := range entryKindFields {
				tally(kind, root.Content[i], fields)
			}
		}
	}
	best := 0
	for k, s := range score {
		switch {
		case !matched[k] || s <= 0 || s < best:
		case s > best:
			best, maybe = s, []string{k}
		default:
			maybe = append(maybe, k)
		}
	}
	if len(maybe) == 1 {
		return maybe[0], nil
	}
	sort.Strings(maybe)
	return "", maybe
}
