(define (domain cond)
  (:predicates (p) (q))
  (:action a
    :parameters ()
    :precondition (p)
    :effect (when (p) (q))))
