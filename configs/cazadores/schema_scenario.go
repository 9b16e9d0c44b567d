package cazadores

import (
	"fmt"
	"strconv"

	sim "balance/sim/cazadores"
	"balance/sim/geom"
)

// MaxHeight is the tallest a terrain piece may be, in inches.
const MaxHeight = 12

// maxBoard is the longest side a board may have, in inches.
const maxBoard = 200

// pieceShapes are the fields that give a terrain piece its shape.
var pieceShapes = []string{"rect", "circle", "poly"}

// scenarioSchema is every object of a scenario file, the file's root
// first. Like adversarySchema, the decoder takes its field lists,
// required fields and ranges from here, and
// docs/cazadores/scenario-schema.md and 'balance validate -explain
// scenario.FIELD' are written from it.
var scenarioSchema = []*schemaObject{
	{
		Key: "scenario", Title: "Scenario", Where: []string{"the file"},
		Doc: "A scenario is one file, `scenarios/SLUG.yaml`, whose slug is the file's base name: the board, the exits the Pack deploys at and flees by, and the terrain pieces. Coordinates are inches from the board's south-west corner, x east and y north.",
		Fields: []schemaField{
			{Name: "name", Kind: vText, Required: true, Example: "name: Ruins", Doc: "the map's name, as reports and pictures print it"},
			{Name: "size", Kind: vNumbers, Count: 2, Min: 1, Max: maxBoard, Required: true, Example: "size: [24, 24]", Doc: "the board's width (x) and depth (y) in inches; large enough for the models: the Pack's bases in a row along the deployment exit's edge, 1\" apart, and the Adversary's beyond them (each design is checked when it compiles)"},
			{Name: "exits", Kind: vList, Object: "exit", Required: true, Allowed: fmt.Sprintf("1..%d, each with the fields of Exit", sim.MaxExits), Example: "exits: [{edge: south, from: 4, to: 20}]", Doc: "the stretches of the border the Pack deploys at and may leave the board by"},
			{Name: "deploy_exit", Kind: vInt, Min: 0, Max: sim.MaxExits - 1, Allowed: "an index of `exits`: 0 for the first", Default: "0", Example: "deploy_exit: 1", Doc: "the exit the Pack deploys along"},
			{Name: "terrain", Kind: vList, Object: "piece", Allowed: fmt.Sprintf("at most %d, each with the fields of Terrain piece", sim.MaxPieces), Default: "none: open ground", Example: "terrain: [{name: Oak, circle: [8, 14, 1.5], types: [blocking, impassable]}]", Doc: "the terrain pieces; where they overlap, a point has the types of each"},
		},
	},
	{
		Key: "exit", Title: "Exit", Where: []string{"exits[N]"},
		Doc: "A stretch of one edge of the board.",
		Fields: []schemaField{
			{Name: "edge", Kind: vName, Values: Edges, What: "edge", Required: true, Example: "edge: south", Doc: "the board's edge it lies on"},
			{Name: "from", Kind: vNumber, Min: 0, Max: maxBoard, Allowed: "0 up to the edge's length", Default: "0", Example: "from: 4", Doc: "where it begins along the edge, in inches from the edge's west or south end"},
			{Name: "to", Kind: vNumber, Min: 0, Max: maxBoard, Allowed: "above `from`, up to the edge's length", Default: "the edge's length", Example: "to: 20", Doc: "where it ends along the edge"},
		},
		Rules: []string{
			"`from` is below `to`.",
			"Two exits on the same edge do not overlap.",
		},
	},
	{
		Key: "piece", Title: "Terrain piece", Where: []string{"terrain[N]"},
		Doc: "One piece of terrain: a shape and the types of ground it is. See docs/cazadores/maps.md for what each set of types does and how to make a map.",
		Fields: []schemaField{
			{Name: "name", Kind: vText, Required: true, Example: "name: South wall", Doc: "the piece's name, as traces and pictures print it"},
			{Name: "rect", Kind: vNumbers, Count: 4, Allowed: "[x0, y0, x1, y1] with x0 < x1 and y0 < y1, overlapping the board", Default: "none", Example: "rect: [6, 6.5, 9, 7]", Doc: "a rectangle, by its south-west and north-east corners"},
			{Name: "circle", Kind: vNumbers, Count: 3, Allowed: "[x, y, r]: a centre on the board, a radius above 0", Default: "none", Example: "circle: [12, 12, 1.2]", Doc: "a circle, by its centre and radius"},
			{Name: "poly", Kind: vPoints, Allowed: fmt.Sprintf("3..%d points [x, y], in order round a convex polygon", geom.MaxPolyVerts), Default: "none", Example: "poly: [[2, 2], [5, 2], [4, 6]]", Doc: "a convex polygon, by its corners (split a concave piece into convex ones)"},
			{Name: "types", Kind: vNames, Values: TerrainTypes, What: "terrain type", Required: true, Allowed: "at least one of " + codeList(TerrainTypes) + ", each at most once (`open` for none)", Example: "types: [blocking, impassable]", Doc: "the kinds of ground it is: `impassable` no model enters, `blocking` no line of sight through, `obscuring` gives Cover, `difficult` half speed for the Pack, `dangerous` difficult and a Check on entering"},
			{Name: "height", Kind: vNumber, Min: 0, Max: MaxHeight, Default: "0: as tall as it needs to be, as on a flat map", Example: "height: 3", Doc: "its height in inches: a piece over " + strconv.Itoa(sim.LeapHeight) + "\" tall and not impassable is raised, climbed onto and stood on; a line of sight or Cover passes over a blocking or obscuring piece that its higher end stands as high as, and over any piece " + strconv.Itoa(sim.LeapHeight) + "\" tall or less (ruling R58)"},
			{Name: "unstable", Kind: vBool, Default: "false", Example: "unstable: true", Doc: "a model ending its Turn on it falls (ruling R58)"},
			{Name: "chasm", Kind: vBool, Default: "false", Example: "chasm: true", Doc: "impassable ground a move leaps across when it carries the base clear of the far side (ruling R58)"},
		},
		OneOf: pieceShapes,
		Rules: []string{
			"A piece has exactly one shape: " + codeList(pieceShapes) + ".",
			fmt.Sprintf("`unstable` needs a `height` above %d.", sim.LeapHeight),
			"`chasm` needs `impassable` among the `types`.",
		},
	},
}
