(define (problem t1) (:domain t) (:init (p)) (:goal (not (p))))
