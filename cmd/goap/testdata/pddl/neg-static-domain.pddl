(define (domain t) (:requirements :strips :negative-preconditions)
 (:predicates (p) (q))
 (:action a :parameters () :precondition (p) :effect (q)))
