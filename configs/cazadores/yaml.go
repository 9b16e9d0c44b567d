package cazadores

import (
	"gopkg.in/yaml.v3"

	"balance/configs/yamldata"
)

// Error is one problem found in a data file (yamldata.Error): FILE:LINE:COL,
// the field, the message and a likely spelling.
type Error = yamldata.Error

// decoder decodes the files of Cazadores' data: the shared decoding
// machinery (yamldata.Decoder), with the decoders of each kind of entry
// as its methods.
type decoder struct{ *yamldata.Decoder }

// newDecoder returns a decoder of one file with a budget of its own.
func newDecoder(file string) *decoder { return &decoder{yamldata.NewDecoder(file)} }

// The shared helpers, under the names the decoders use.
var (
	at           = yamldata.At
	idx          = yamldata.Idx
	describe     = yamldata.Describe
	isNull       = yamldata.IsNull
	parseYAML    = yamldata.Parse
	readDataFile = yamldata.ReadFile
	stopped      = yamldata.Stopped
	statProblem  = yamldata.StatProblem
	slugRE       = yamldata.SlugRE
)

// rangeBand decodes a range: a number (melee reach, min 0) or [min, max].
// wantBand says which form is expected; the other is an error.
func (d *decoder) rangeBand(n *yaml.Node, path string, wantBand bool) (lo, hi float64) {
	rn := d.Res(n)
	if rn == nil {
		return 0, 0
	}
	if rn.Kind == yaml.SequenceNode {
		if !wantBand {
			d.Fail(rn, path, "", "expected one number (reach in inches), got a list")
			return 0, 0
		}
		if len(rn.Content) != 2 {
			d.Fail(rn, path, "", "expected [min, max], got a list of %d", len(rn.Content))
			return 0, 0
		}
		lo = d.Number(rn.Content[0], idx(path, 0), 0, 48)
		hi = d.Number(rn.Content[1], idx(path, 1), 0, 48)
		if lo > hi {
			d.Fail(rn, path, "", "min %g is above max %g", lo, hi)
		}
		return lo, hi
	}
	if wantBand {
		d.Fail(rn, path, "", "expected [min, max] in inches, got %s", describe(rn))
		return 0, 0
	}
	return 0, d.Number(rn, path, 0, 48)
}
