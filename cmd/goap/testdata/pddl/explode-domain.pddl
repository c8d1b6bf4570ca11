; One action with four parameters and nothing to join on: 10^4 bindings
; over ten objects, each reaching an atom of its own.
(define (domain explode)
  (:requirements :strips)
  (:predicates (p ?a ?b ?c ?d) (q))
  (:action make
    :parameters (?a ?b ?c ?d)
    :precondition (q)
    :effect (p ?a ?b ?c ?d)))
