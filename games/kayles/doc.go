// Package kayles is Kayles and Dawson's Kayles, octal games played on
// rows of pins (Berlekamp, Conway and Guy, Winning Ways, chapter 4). A
// move knocks down pins next to each other in one row: one or two in
// Kayles (octal code .77), exactly two in Dawson's Kayles (.07). Both
// players have the same moves (the games are impartial) and the player
// with no move loses. A position is the sum of its rows (parts), each
// worth a nimber; a move leaves up to two shorter rows.
package kayles
