package vantage

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"balance/configs/yamldata"
	"balance/internal/typo"
)

// Validate checks the data: with no files, that every party compiles
// against every party on every map; with files, that each file decodes
// as the kind its one top-level key names (rules, builds, parties or
// maps), loaded over the data, and that every design then compiles. It
// returns a summary line, or every problem found, joined.
func (d *Data) Validate(ctx context.Context, files []string) (string, error) {
	srcs := slices.Clone(d.srcs)
	r := yamldata.NewReader(ctx)
	var errs []error
	for _, f := range files {
		b, err := r.Read(f)
		if err != nil {
			if ctx.Err() != nil {
				return "", yamldata.Stopped(ctx)
			}
			errs = append(errs, err)
			continue
		}
		root, err := yamldata.Parse(f, b)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		kind, err := kindOf(f, root)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		srcs = append(srcs, source{file: f, kind: kind, data: b, root: root})
	}
	if len(errs) > 0 {
		return "", errors.Join(errs...)
	}
	cfg, err := decodeAll(srcs)
	if err != nil {
		return "", err
	}
	parties, maps := sortedKeys(cfg.Parties), sortedKeys(cfg.Maps)
	n := 0
	for _, m := range maps {
		for _, p := range parties {
			for _, e := range parties {
				if ctx.Err() != nil {
					return "", yamldata.Stopped(ctx)
				}
				if _, err := cfg.Scenario(p, e, m); err != nil {
					errs = append(errs, fmt.Errorf("%s vs %s on %s: %w", p, e, m, err))
				}
				n++
			}
		}
	}
	if len(errs) > 0 {
		return "", errors.Join(errs...)
	}
	what := "the data"
	if len(files) > 0 {
		what = strings.Join(files, ", ")
	}
	return fmt.Sprintf("ok: %s: %d builds, %d parties, %d maps; %d duels compile", what, len(cfg.Builds), len(parties), len(maps), n), nil
}

// kindOf is the kind of a file given to Validate: its one top-level key.
func kindOf(file string, root *yaml.Node) (string, error) {
	n := root
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	if n.Kind != yaml.MappingNode || len(n.Content) != 2 {
		return "", &yamldata.Error{File: file, Line: n.Line, Col: n.Column,
			Msg: "a Vantage data file holds one key: " + strings.Join(Kinds, ", ")}
	}
	k := n.Content[0]
	if !slices.Contains(Kinds, k.Value) {
		base := strings.TrimSuffix(filepath.Base(file), ".yaml")
		near := typo.Nearest(k.Value, Kinds)
		if near == "" {
			near = typo.Nearest(base, Kinds)
		}
		return "", &yamldata.Error{File: file, Line: k.Line, Col: k.Column, Field: k.Value,
			Msg: "unknown kind of data; the kinds are " + strings.Join(Kinds, ", "), Suggest: near}
	}
	return k.Value, nil
}
