(define (problem explode1) (:domain explode)
  (:objects o1 o2 o3 o4 o5 o6 o7 o8 o9 o10)
  (:init (q))
  (:goal (p o1 o2 o3 o4)))
