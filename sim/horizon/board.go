package horizon

import (
	"fmt"
	"math"
	"math/bits"
)

// MaxCells is the most squares a playing area may have: the box's six
// tiles of nine squares fit, so a set of squares is one uint64.
const MaxCells = 64

// NoCell marks "no square".
const NoCell = 255

// CellIdx is the length of the board's tables indexed by square (Adj,
// Cheb, ...): every value of a uint8.
const CellIdx = 256

// OffBoard is the patrol step of a square whose arrow points out of the
// playing area.
const OffBoard = 254

// Dir is a direction of a patrol arrow: 0 none, then N, NE, E, SE, S, SW,
// W, NW clockwise (x grows to the east, y to the south).
type Dir uint8

// The directions.
const (
	NoDir Dir = iota
	N
	NE
	E
	SE
	S
	SW
	W
	NW
)

// DirNames are the directions as the data writes them.
var DirNames = [...]string{"", "N", "NE", "E", "SE", "S", "SW", "W", "NW"}

var dirDelta = [...][2]int{{0, 0}, {0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}

// Turn returns d turned q quarter turns clockwise.
func (d Dir) Turn(q int) Dir {
	if d == NoDir {
		return d
	}
	return Dir((int(d)-1+2*q)%8 + 1)
}

// Spawn kinds of a square: none, or the first or second spawn symbol.
const (
	NoSpawn uint8 = iota
	SpawnA
	SpawnB
)

// TileCell is one printed square of a tile side.
type TileCell struct {
	Grass bool
	Arrow Dir
	Spawn uint8
}

// TileSide is one side of a tile: three rows of three squares, [row][col],
// as printed with the corner marking at the top left.
type TileSide [3][3]TileCell

// Placement puts a tile side on the table: its top-left square at (X, Y)
// once turned Turn quarter turns clockwise.
type Placement struct {
	Name  string
	Side  TileSide
	X, Y  int
	Turn  int
	Start bool // the starting tile
}

// Layout is an encounter's playing area before compilation.
type Layout struct {
	Tiles                 []Placement
	Outcrop, Ruin, Corpse [][2]int // squares holding a marker at the start
	EdgeOrthogonal        bool     // an edge square lacks an orthogonal neighbour (false: any of the eight)
	NoDiagonalPastCorner  bool     // forbid a diagonal step whose two orthogonal neighbours are both outside
	PathClosest           bool     // "closest" by the route inside the area (false: by squares as the crow flies)
}

// Board is a compiled playing area: squares are numbered 0..N-1 in
// reading order (by row, then column), and every set of squares is a
// bit mask.
type Board struct {
	N     int
	X, Y  [MaxCells]int8
	Tile  [MaxCells]uint8 // index of the placement the square belongs to
	Grass uint64
	Start uint64 // squares of the starting tile
	Edge  uint64 // squares on the outside edge of the playing area
	Spawn [MaxCells]uint8
	// The tables below are indexed by square with CellIdx entries (only
	// the first N are squares), so that a square held in a uint8 indexes
	// them with no check of the index.
	Next    [CellIdx]uint8          // patrol step: the square the arrow points to, OffBoard, or NoCell without an arrow
	Arrow   [MaxCells]Dir           // the arrow printed on the square
	Adj     [CellIdx]uint64         // squares one king move away (not the square itself)
	Near    [CellIdx]uint64         // squares at distance 0 or 1 (the square and its neighbours on the board)
	Near2   [CellIdx]uint64         // squares at distance 2 or less
	Cheb    [CellIdx][CellIdx]uint8 // distance in squares, diagonals counting 1
	Path    [CellIdx][CellIdx]uint8 // king moves inside the area (255: unreachable)
	LOS     [CellIdx]uint64
	Outcrop uint64
	Ruin    uint64
	Corpse  uint64
	Closest bool // "closest" reads Path (true) or Cheb (false)
	// Closer[t][c] holds the squares next to c one king move nearer to
	// t by the route inside the area (Path), when c can reach t.
	Closer   [MaxCells][CellIdx]uint64
	within   [MaxCells][maxWithin]uint64 // Within(c, r) for r < maxWithin
	index    map[[2]int]int
	minX     int
	minY     int
	maxX     int
	maxY     int
	cellName [MaxCells]string
}

// At returns the square at (x, y), or NoCell.
func (b *Board) At(x, y int) int {
	if i, ok := b.index[[2]int{x, y}]; ok {
		return i
	}
	return NoCell
}

// Name returns a square as "(x,y)".
func (b *Board) Name(c int) string {
	if c == NoCell || c >= b.N {
		return "(none)"
	}
	return b.cellName[c]
}

// Dist is the distance the rules use for "closest": the route inside the
// area, or squares as the crow flies, by the Closest rule.
func (b *Board) Dist(a, c int) int {
	if b.Closest {
		return int(b.Path[a][c])
	}
	return int(b.Cheb[a][c])
}

// maxWithin bounds the radii whose Within is tabled.
const maxWithin = 16

// DistRow returns the distances Dist(a, ·) as a row of Path or Cheb.
func (b *Board) DistRow(a int) *[CellIdx]uint8 {
	if b.Closest {
		return &b.Path[a]
	}
	return &b.Cheb[a]
}

// Within returns the squares within r squares of c (Chebyshev).
func (b *Board) Within(c, r int) uint64 {
	if r >= 0 && r < maxWithin {
		return b.within[c][r]
	}
	return b.within0(c, r)
}

func (b *Board) within0(c, r int) uint64 {
	var m uint64
	for i := 0; i < b.N; i++ {
		if int(b.Cheb[c][i]) <= r {
			m |= 1 << i
		}
	}
	return m
}

// NewBoard compiles a layout.
func NewBoard(l *Layout) (*Board, error) {
	b := &Board{index: map[[2]int]int{}, Closest: l.PathClosest}
	type sq struct {
		x, y int
		tile int
		cell TileCell
	}
	var sqs []sq
	seen := map[[2]int]string{}
	for ti, p := range l.Tiles {
		if p.Turn < 0 || p.Turn > 3 {
			return nil, fmt.Errorf("tile %q: turn %d: allowed 0..3 quarter turns", p.Name, p.Turn)
		}
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				// turn (c, r) about the tile's centre q times clockwise: (c, r) -> (2-r, c)
				x, y := c, r
				for q := 0; q < p.Turn; q++ {
					x, y = 2-y, x
				}
				x += p.X
				y += p.Y
				if prev, dup := seen[[2]int{x, y}]; dup {
					return nil, fmt.Errorf("tile %q overlaps tile %q at (%d,%d)", p.Name, prev, x, y)
				}
				seen[[2]int{x, y}] = p.Name
				cell := p.Side[r][c]
				cell.Arrow = cell.Arrow.Turn(p.Turn)
				sqs = append(sqs, sq{x, y, ti, cell})
			}
		}
	}
	if len(sqs) == 0 {
		return nil, fmt.Errorf("the layout has no tiles")
	}
	if len(sqs) > MaxCells {
		return nil, fmt.Errorf("the layout has %d squares; at most %d (%d tiles)", len(sqs), MaxCells, MaxCells/9)
	}
	// reading order
	for i := 1; i < len(sqs); i++ {
		for j := i; j > 0 && (sqs[j].y < sqs[j-1].y || sqs[j].y == sqs[j-1].y && sqs[j].x < sqs[j-1].x); j-- {
			sqs[j], sqs[j-1] = sqs[j-1], sqs[j]
		}
	}
	b.N = len(sqs)
	b.minX, b.minY, b.maxX, b.maxY = math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for i, s := range sqs {
		if s.x < -100 || s.x > 100 || s.y < -100 || s.y > 100 {
			return nil, fmt.Errorf("tile %q: square (%d,%d) is too far out: keep coordinates within -100..100", l.Tiles[s.tile].Name, s.x, s.y)
		}
		b.X[i], b.Y[i] = int8(s.x), int8(s.y)
		b.Tile[i] = uint8(s.tile)
		b.index[[2]int{s.x, s.y}] = i
		b.cellName[i] = fmt.Sprintf("(%d,%d)", s.x, s.y)
		b.minX, b.minY = min(b.minX, s.x), min(b.minY, s.y)
		b.maxX, b.maxY = max(b.maxX, s.x), max(b.maxY, s.y)
		if s.cell.Grass {
			b.Grass |= 1 << i
		}
		if l.Tiles[s.tile].Start {
			b.Start |= 1 << i
		}
		b.Spawn[i] = s.cell.Spawn
		b.Arrow[i] = s.cell.Arrow
	}
	for i := 0; i < b.N; i++ {
		x, y := int(b.X[i]), int(b.Y[i])
		b.Next[i] = NoCell
		if a := b.Arrow[i]; a != NoDir {
			d := dirDelta[a]
			if j := b.At(x+d[0], y+d[1]); j != NoCell {
				b.Next[i] = uint8(j)
			} else {
				b.Next[i] = OffBoard
			}
		}
		out := false
		for dir := N; dir <= NW; dir++ {
			d := dirDelta[dir]
			j := b.At(x+d[0], y+d[1])
			if j == NoCell {
				if !l.EdgeOrthogonal || d[0] == 0 || d[1] == 0 {
					out = true
				}
				continue
			}
			if d[0] != 0 && d[1] != 0 && l.NoDiagonalPastCorner &&
				b.At(x+d[0], y) == NoCell && b.At(x, y+d[1]) == NoCell {
				continue
			}
			b.Adj[i] |= 1 << j
		}
		if out {
			b.Edge |= 1 << i
		}
		b.Near[i] = b.Adj[i] | 1<<i
		for j := 0; j < b.N; j++ {
			dx, dy := abs(int(b.X[j])-x), abs(int(b.Y[j])-y)
			b.Cheb[i][j] = uint8(max(dx, dy))
		}
	}
	for i := 0; i < b.N; i++ {
		for j := 0; j < b.N; j++ {
			if b.Cheb[i][j] <= 2 {
				b.Near2[i] |= 1 << j
			}
		}
		b.bfs(i)
		for j := 0; j < b.N; j++ {
			if b.sight(i, j) {
				b.LOS[i] |= 1 << j
			}
		}
		for r := 0; r < maxWithin; r++ {
			b.within[i][r] = b.within0(i, r)
		}
	}
	for t := 0; t < b.N; t++ {
		for c := 0; c < b.N; c++ {
			if d := b.Path[c][t]; d != 0 && d != 255 {
				for m := b.Adj[c]; m != 0; m &= m - 1 {
					if x := bits.TrailingZeros64(m); b.Path[x][t] == d-1 {
						b.Closer[t][c] |= 1 << x
					}
				}
			}
		}
	}
	for _, m := range []struct {
		pts  [][2]int
		mask *uint64
		name string
	}{{l.Outcrop, &b.Outcrop, "rocky outcrop"}, {l.Ruin, &b.Ruin, "ruin"}, {l.Corpse, &b.Corpse, "machine corpse"}} {
		for _, p := range m.pts {
			c := b.At(p[0], p[1])
			if c == NoCell {
				return nil, fmt.Errorf("%s at (%d,%d): not a square of the playing area", m.name, p[0], p[1])
			}
			*m.mask |= 1 << c
		}
	}
	return b, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// bfs fills Path[src].
func (b *Board) bfs(src int) {
	for j := range b.Path[src] {
		b.Path[src][j] = 255
	}
	b.Path[src][src] = 0
	frontier := uint64(1) << src
	seen := frontier
	for d := uint8(1); frontier != 0; d++ {
		var next uint64
		for f := frontier; f != 0; f &= f - 1 {
			next |= b.Adj[bits.TrailingZeros64(f)]
		}
		next &^= seen
		seen |= next
		for f := next; f != 0; f &= f - 1 {
			b.Path[src][bits.TrailingZeros64(f)] = d
		}
		frontier = next
	}
}

// inArea reports whether the unit square with top-left corner (x, y)
// belongs to the playing area.
func (b *Board) inArea(x, y int) bool { return b.At(x, y) != NoCell }

// sight reports whether the segment between the centres of squares i and
// j stays inside the playing area, the area taken as a closed set (a
// line along a boundary or through a corner shared by two squares of the
// area does not leave it): the open pieces between the points where the
// segment crosses grid lines each lie inside one square, and the segment
// stays inside when every such square is in the area.
func (b *Board) sight(i, j int) bool {
	if i == j {
		return true
	}
	x0, y0 := float64(b.X[i])+0.5, float64(b.Y[i])+0.5
	x1, y1 := float64(b.X[j])+0.5, float64(b.Y[j])+0.5
	ts := []float64{0, 1}
	for _, ax := range []struct{ a0, a1 float64 }{{x0, x1}, {y0, y1}} {
		if ax.a0 == ax.a1 {
			continue
		}
		lo, hi := math.Min(ax.a0, ax.a1), math.Max(ax.a0, ax.a1)
		for k := math.Ceil(lo); k <= hi; k++ {
			ts = append(ts, (k-ax.a0)/(ax.a1-ax.a0))
		}
	}
	// sort the few crossings
	for a := 1; a < len(ts); a++ {
		for c := a; c > 0 && ts[c] < ts[c-1]; c-- {
			ts[c], ts[c-1] = ts[c-1], ts[c]
		}
	}
	for k := 1; k < len(ts); k++ {
		if ts[k]-ts[k-1] < 1e-9 {
			continue
		}
		t := (ts[k] + ts[k-1]) / 2
		x, y := x0+t*(x1-x0), y0+t*(y1-y0)
		if !b.inArea(int(math.Floor(x)), int(math.Floor(y))) {
			return false
		}
	}
	return true
}

// Route returns the patrol route that starts at square c: c, then each
// square the arrows lead to, until a square without an arrow, the edge of
// the area or a square already on the route.
func (b *Board) Route(c int) []uint8 {
	route := []uint8{uint8(c)}
	var seen uint64 = 1 << c
	for {
		n := b.Next[route[len(route)-1]]
		if n == NoCell || n == OffBoard || seen&(1<<n) != 0 {
			return route
		}
		seen |= 1 << n
		route = append(route, n)
	}
}

// Reach returns the squares a model at c can end in after at most steps
// king moves inside the area (c included).
func (b *Board) Reach(c, steps int) uint64 {
	m := uint64(1) << c
	for ; steps > 0; steps-- {
		next := m
		for f := m; f != 0; f &= f - 1 {
			next |= b.Adj[bits.TrailingZeros64(f)]
		}
		m = next
	}
	return m
}

// Size returns the bounding box of the area: its width and height.
func (b *Board) Size() (w, h int) { return b.maxX - b.minX + 1, b.maxY - b.minY + 1 }

// Origin returns the top-left corner of the bounding box.
func (b *Board) Origin() (x, y int) { return b.minX, b.minY }

// bit returns the mask of square c (c < MaxCells: the shift needs no
// check of its count).
func bit(c uint8) uint64 { return 1 << (c & 63) }
