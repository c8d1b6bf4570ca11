package goap

// SetPortfolioSlices changes how many expansions each direction of an Auto
// search gets per turn, so tests can make the two halves alternate on
// small domains. It returns a function that restores the previous values.
func SetPortfolioSlices(forward, backward int) (restore func()) {
	old := portfolioSlices
	portfolioSlices = [2]int{forward, backward}
	return func() { portfolioSlices = old }
}
