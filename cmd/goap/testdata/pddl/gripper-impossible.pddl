; Two rooms, one ball, but the robot has no gripper: no plan.
(define (problem impossible) (:domain gripper-strips)
  (:objects rooma roomb ball1)
  (:init (room rooma) (room roomb) (ball ball1) (at-robby rooma) (at ball1 rooma))
  (:goal (at ball1 roomb)))
