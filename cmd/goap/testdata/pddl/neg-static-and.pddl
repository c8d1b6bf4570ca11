(define (problem t2) (:domain t) (:init (p)) (:goal (and (q) (not (p)))))
