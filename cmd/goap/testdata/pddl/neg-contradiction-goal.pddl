(define (problem t3) (:domain t) (:init (p)) (:goal (and (q) (not (q)))))
