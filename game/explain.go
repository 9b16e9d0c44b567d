package game

// Explainer is implemented by a game whose data files have a reference
// generated from the table its loader checks them with: 'balance validate
// -explain FIELD' prints the entry of FIELD, as the reference gives it.
// An unknown FIELD is a *UsageError naming the likely field and every
// field.
type Explainer interface {
	Explain(field string) (string, error)
}
